from ..common import run_main
from .cli import main

run_main(main)
