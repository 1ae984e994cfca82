"""The docstrings' examples run as doctests (the compiled module's and the package's)."""

import doctest

import xq


def test_docstring_examples():
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(xq, "xq", globs={})
    seen = {t.name for t in tests}
    for name in xq.__all__:
        obj = getattr(xq, name)
        for t in finder.find(obj, f"xq.{name}", globs={}):
            if t.name not in seen:
                tests.append(t)
                seen.add(t.name)
    attempted = 0
    for t in tests:
        result = runner.run(t)
        attempted += result.attempted
        assert result.failed == 0, t.name
    assert attempted >= 15, f"only {attempted} examples found"
