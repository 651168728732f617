"""Shared pytest set-up: every test starts in a working directory that exists."""

import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(autouse=True)
def _working_directory_exists():
    """A test that left the process in a removed temporary folder must not fail the next one's
    ``monkeypatch.chdir`` (which reads the current directory first): go back to the project."""
    try:
        os.getcwd()
    except FileNotFoundError:
        os.chdir(ROOT)
