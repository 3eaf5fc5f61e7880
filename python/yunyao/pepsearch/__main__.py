from ..common import run_main
from .predict import main

# The guard matters: the trajectory workers are spawned processes that import this module again.
if __name__ == "__main__":
    run_main(main)
