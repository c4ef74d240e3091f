"""Bounded JSON: what json.loads reads at a sane depth, the same; deeper, a ValueError."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridgames.engine import jsontext

_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet="[]{}\"\\ab"),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=20,
)


@given(_values)
def test_shallow_json_reads_as_json_loads_reads_it(value):
    text = json.dumps(value)
    assert jsontext.loads(text) == json.loads(text)


def test_brackets_inside_strings_do_not_count():
    text = json.dumps(["[" * 500, {"{": "]" * 500}])
    assert jsontext.loads(text) == json.loads(text)


@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_deep_nesting_is_a_value_error_not_a_recursion_error(opening):
    with pytest.raises(ValueError, match="nests deeper than 64 levels"):
        jsontext.loads(opening * 100_000)
    assert jsontext.loads("[" * 64 + "]" * 64) is not None
