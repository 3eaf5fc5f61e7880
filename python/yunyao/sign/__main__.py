from ..common import run_main
from .sign import main

if __name__ == "__main__":
    run_main(main)
