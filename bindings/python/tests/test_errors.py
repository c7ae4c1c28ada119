"""Bad input from Python raises an exception with a clear message, never a
crash: wrong types, unknown keywords, out-of-range axes and indices,
unsupported dtypes."""

import pytest

import ivy_rs


def test_hierarchy():
    assert issubclass(ivy_rs.IvyTypeError, ivy_rs.IvyError)
    assert issubclass(ivy_rs.IvyTypeError, TypeError)
    assert issubclass(ivy_rs.IvyValueError, ValueError)
    assert issubclass(ivy_rs.IvyIndexError, IndexError)
    assert issubclass(ivy_rs.IvyAxisError, IndexError)
    assert issubclass(ivy_rs.IvyAxisError, ValueError)


def test_axis_out_of_range():
    x = ivy_rs.asarray([[1.0, 2.0]])
    with pytest.raises(ivy_rs.IvyAxisError, match="sum: axis 5 is out of bounds for an array of 2 dimensions"):
        ivy_rs.sum(x, axis=5)


def test_wrong_argument_type():
    with pytest.raises(TypeError, match="tan: argument `x` must be"):
        ivy_rs.tan("abc")
    with pytest.raises(TypeError, match="sum: argument `keepdims` must be a bool"):
        ivy_rs.sum(ivy_rs.asarray([1.0]), keepdims="yes")


def test_unknown_keyword():
    with pytest.raises(TypeError, match="unexpected keyword argument 'axes'"):
        ivy_rs.sum(ivy_rs.asarray([1.0]), axes=0)


def test_missing_argument():
    with pytest.raises(TypeError, match="missing"):
        ivy_rs.add(ivy_rs.asarray([1.0]))


def test_broadcast_error():
    with pytest.raises(ivy_rs.IvyValueError, match="cannot be broadcast"):
        ivy_rs.asarray([1.0, 2.0]) + ivy_rs.asarray([1.0, 2.0, 3.0])


def test_index_out_of_range():
    with pytest.raises(IndexError):
        ivy_rs.asarray([1.0, 2.0])[5]


def test_unsupported_dtype():
    with pytest.raises(ivy_rs.IvyError) as e:
        ivy_rs.bitwise_and(ivy_rs.asarray([1.0]), ivy_rs.asarray([1.0]))
    assert "bitwise_and" in str(e.value)


def test_non_nestable_op_refuses_a_container():
    c = ivy_rs.Container(a=ivy_rs.asarray([[1.0]]))
    nonnest = [n for n, _ in ivy_rs.__ops__ if n == "multi_head_attention"]
    if nonnest:
        with pytest.raises(TypeError, match="not nestable"):
            ivy_rs.multi_head_attention(c)


def test_ragged_list():
    with pytest.raises(ValueError, match="ragged"):
        ivy_rs.asarray([[1.0, 2.0], [3.0]])


def test_bad_dtype_name():
    with pytest.raises(ivy_rs.IvyTypeError, match="float7"):
        ivy_rs.asarray([1.0], dtype="float7")


def test_negative_shape():
    with pytest.raises(ValueError, match="shape"):
        ivy_rs.zeros([-1, 2])


def test_invalid_slice_step():
    with pytest.raises(ValueError, match="step"):
        ivy_rs.asarray([1.0, 2.0])[::0]
