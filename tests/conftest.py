"""Test-wide set-up: every test starts without the once-per-process deprecation notes of settings
(multibody.model.settings.LEGACY_WARNED), so that a test that expects the warning of a deprecated
settings name sees it whatever ran before."""
import pytest

from multibody.model import settings as _settings


@pytest.fixture(autouse=True)
def _fresh_settings_deprecation_notes():
    _settings.LEGACY_WARNED.clear()
    yield
