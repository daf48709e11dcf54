"""`python -m referee ...` runs the same Typer app as the `referee` console script."""

from referee.cli import main

if __name__ == "__main__":
    main()
