"""Validating many files of records at once: with Python's
`multiprocessing` on one machine, and with Dask's bags, which run the same
code on a cluster (`dask.distributed`) when one machine is not enough.

    python examples/scale.py FILE...

Each file is read one record at a time (`kifu.read`, plain or
compressed), so the memory used does not grow with the files."""

import multiprocessing
import sys

import kifu


def tally(path):
    """(records, valid ones, plies) of the file at `path`."""
    records = valid = plies = 0
    for record in kifu.read(path):
        verdict = record.validate()
        records += 1
        valid += verdict["valid"]
        plies += verdict.get("plies", 0)
    return records, valid, plies


def total(tallies):
    """The sum of (records, valid, plies) tallies."""
    return tuple(map(sum, zip(*tallies))) if tallies else (0, 0, 0)


def with_multiprocessing(paths, processes=None):
    """Every file tallied by a pool of processes. They are started afresh
    ("spawn"), not forked: a process forked from one whose other threads
    hold a lock (an engine searching, say) may wait on it for ever."""
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        return total(pool.map(tally, paths))


def with_dask(paths, scheduler="processes"):
    """Every file tallied by a Dask bag: `scheduler="processes"` on one
    machine; with a `dask.distributed.Client` made first, on its cluster."""
    import dask.bag

    bag = dask.bag.from_sequence(paths, npartitions=max(1, len(paths)))
    return total(bag.map(tally).compute(scheduler=scheduler))


if __name__ == "__main__":
    files = sys.argv[1:]
    records, valid, plies = with_multiprocessing(files)
    print(f"{records} records, {valid} valid, {plies} plies")
