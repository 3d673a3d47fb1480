"""Imported by name (``BACCARAT_LESSONS_VARIANTS=with_sixth_variants``): adds the sixth variants of
:mod:`sixth_variants` to the registry, in a test run or an app server's kernels."""

from sixth_variants import add_all

add_all()
