"""`python -m referee ...` runs the same entry point as the `referee` console script."""

from referee.entry import main

if __name__ == "__main__":
    main()
