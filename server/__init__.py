"""The gRPC server: a thin, strict adapter from the `vegas.v1` API to the engine and the replay files."""
