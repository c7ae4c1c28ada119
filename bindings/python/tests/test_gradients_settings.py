"""Gradients with Python callables, settings and their context managers."""

import numpy as np
import pytest

import ivy_rs as ivy


def test_value_and_grad_of_an_array():
    x = ivy.asarray([1.0, 2.0, 3.0])
    v, g = ivy.value_and_grad(lambda x: ivy.sum(x * x))(x)
    assert float(v) == 14.0
    np.testing.assert_allclose(np.asarray(g), [2.0, 4.0, 6.0])


def test_grad_of_a_container_and_a_nest():
    c = ivy.Container(w=ivy.asarray([1.0, 2.0]), b=ivy.asarray([3.0]))
    g = ivy.grad(lambda c: ivy.sum(c.w * 3.0) + ivy.sum(c.b * c.b))(c)
    assert isinstance(g, ivy.Container)
    np.testing.assert_allclose(np.asarray(g.w), [3.0, 3.0])
    np.testing.assert_allclose(np.asarray(g.b), [6.0])
    g = ivy.grad(lambda n: ivy.sum(n["a"] * n["b"][0]))({"a": ivy.asarray([2.0]), "b": [ivy.asarray([5.0])]})
    np.testing.assert_allclose(np.asarray(g["a"]), [5.0])
    np.testing.assert_allclose(np.asarray(g["b"][0]), [2.0])


def test_jac():
    j = ivy.jac(lambda x: x * x)(ivy.asarray([1.0, 2.0]))
    np.testing.assert_allclose(np.asarray(j), [[2.0, 0.0], [0.0, 4.0]])


def test_execute_with_gradients():
    ret, g = ivy.execute_with_gradients(lambda x: ivy.sum(ivy.exp(x)), ivy.asarray([0.0, 1.0]))
    np.testing.assert_allclose(float(ret), 1.0 + np.e, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(g), [1.0, np.e], rtol=1e-6)


def test_a_python_exception_inside_the_function_is_raised_again():
    def f(x):
        raise KeyError("from the callable")

    with pytest.raises(KeyError, match="from the callable"):
        ivy.grad(f)(ivy.asarray([1.0]))


def test_stop_gradient_and_an_optimiser_step():
    x = ivy.asarray([1.0, 2.0])
    g = ivy.grad(lambda x: ivy.sum(ivy.stop_gradient(x) * x))(x)
    np.testing.assert_allclose(np.asarray(g), [1.0, 2.0])
    w = ivy.gradient_descent_update(x, ivy.asarray([1.0, 1.0]), 0.5)
    np.testing.assert_allclose(np.asarray(w), [0.5, 1.5])


def test_default_dtypes_and_context_managers():
    assert ivy.default_float_dtype() == "float32"
    with ivy.DefaultFloatDtype("float64"):
        assert ivy.asarray([1.0]).dtype == ivy.float64
    assert ivy.asarray([1.0]).dtype == ivy.float32
    before = ivy.precise_mode()
    with ivy.PreciseMode(not before):
        assert ivy.precise_mode() is (not before)
    assert ivy.precise_mode() is before


def test_backends():
    assert ivy.current_backend_str() == "ndarray"
    assert "ndarray" in ivy.available_backends()
    with ivy.with_backend("ndarray") as xp:
        assert xp.current_backend_str() == "ndarray"
    with pytest.raises(ivy.IvyError, match="unknown backend"):
        ivy.set_backend("tensorflow")


def test_promotion():
    assert ivy.promote_types("int8", ivy.uint8) == ivy.int16
    assert ivy.can_cast(ivy.int8, "int32")


def test_execute_with_gradients_at_index_paths():
    # Ivy's xs_grad_idxs: only the arrays at those paths are differentiated
    # (the pruned gradient nest; a list of one unwraps to its element).
    a, b = ivy.asarray([2.0]), ivy.asarray([5.0])
    ret, g = ivy.execute_with_gradients(lambda xs: ivy.sum(xs[0] * xs[1]), [a, b],
                                        xs_grad_idxs=[[0]])
    assert float(ret) == 10.0
    np.testing.assert_allclose(np.asarray(g), [5.0])
    # ret_grad_idxs picks the outputs to differentiate: gradients keyed by
    # the output, a Container (as Ivy converts a dict of gradients).
    ret, g = ivy.execute_with_gradients(
        lambda x: {"a": ivy.sum(x * 3.0), "b": ivy.sum(x * x)}, ivy.asarray([1.0, 2.0]),
        ret_grad_idxs=[["b"]])
    assert isinstance(g, ivy.Container) and g.cont_all_key_chains() == ["b"]
    np.testing.assert_allclose(np.asarray(g.b), [2.0, 4.0])
    with pytest.raises(TypeError, match="index paths"):
        ivy.execute_with_gradients(lambda x: ivy.sum(x), a, xs_grad_idxs="a")
