import numpy as np
import pytest

import ivy_rs


@pytest.fixture(autouse=True)
def fresh_settings():
    """Each test starts on the default backend with the default dtypes."""
    ivy_rs.unset_backend()
    yield
    ivy_rs.unset_backend()


def np_of(x):
    """An ivy_rs array (or a list/tuple of them) as NumPy."""
    if isinstance(x, (list, tuple)):
        return [np_of(v) for v in x]
    return np.asarray(x)
