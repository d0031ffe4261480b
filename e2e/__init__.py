"""End-to-end tests (a package, so that module names may repeat those of tests/)."""
