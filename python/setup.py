"""setup.py - only marks the wheel as platform-specific: the package carries the shared library
it binds (libarenaplan), built for this machine; everything else is in pyproject.toml."""
from setuptools import setup
from setuptools.dist import Distribution


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(distclass=BinaryDistribution)
