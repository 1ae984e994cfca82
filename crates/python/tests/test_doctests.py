"""The docstrings' examples run as doctests (the compiled module's and the package's)."""

import doctest

import xiangqi_rules


def test_docstring_examples():
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(xiangqi_rules, "xiangqi_rules", globs={})
    seen = {t.name for t in tests}
    for name in xiangqi_rules.__all__:
        obj = getattr(xiangqi_rules, name)
        for t in finder.find(obj, f"xiangqi_rules.{name}", globs={}):
            if t.name not in seen:
                tests.append(t)
                seen.add(t.name)
    attempted = 0
    for t in tests:
        result = runner.run(t)
        attempted += result.attempted
        assert result.failed == 0, t.name
    assert attempted >= 40, f"only {attempted} examples found"
