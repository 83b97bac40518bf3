"""Lords of Vegas (rule sets `classic` and `up`, option `layoff`) as an engine game."""
