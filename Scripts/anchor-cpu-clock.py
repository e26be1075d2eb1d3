#!/usr/bin/env python3
"""Runs a bench-anchors script with its timer on the thread's CPU clock.

Usage: anchor-cpu-clock.py SCRIPT [ARGS...]   (run in the directory holding SCRIPT)

The anchors time with `time.perf_counter` (the wall clock), which on a loaded machine
also counts the time the process waits for a core. This swaps it for
`time.thread_time` (CLOCK_THREAD_CPUTIME_ID) before the script runs, so that its
figures compare with `layerkit-bench --cpu-time`. Only for single-threaded engines (the
anchors' synchronous contexts): another thread's work would not be counted.
"""
import os
import runpy
import sys
import time

time.perf_counter = time.thread_time
script = sys.argv[1]
sys.argv = sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
runpy.run_path(script, run_name="__main__")
