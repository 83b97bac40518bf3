"""Las Vegas (Rüdiger Dorn): dice placed on six casinos (and a slot machine), majorities paid in banknotes."""
