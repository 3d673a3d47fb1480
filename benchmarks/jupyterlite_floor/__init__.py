"""The JupyterLite site the browser edition is measured against (``bench_site.py``)."""
