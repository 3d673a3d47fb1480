"""Tools that work on the project from outside the package: nothing here is installed or tested."""
