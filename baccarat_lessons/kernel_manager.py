"""The app's kernel manager: Voilà's preheated pool, without culling a page's kernel before the page
has connected to it (issue 20).

Voilà 0.5.13 builds its pool manager on ``VoilaConfiguration.multi_kernel_manager_class`` and spares
the kernels waiting in its pool from the idle cull. Once it hands one to a page, the kernel is culled
like any other, and its idle time counts from its last message, the end of its preheat. A kernel that
waited in the pool longer than ``MappingKernelManager.cull_idle_timeout`` was so shut down by the
next cull tick, while the page was still loading Voilà's scripts and before it had connected; the
page's table never answered. The server's log said so::

    Using pre-heated kernel: 33b3ab95-… for app.ipynb
    WARNING | Culling 'idle' kernel 'python3' (33b3ab95-…) with 0 connections due to 7 seconds of inactivity.
    404 GET /api/kernels/33b3ab95-…  (the page, a few seconds later)

:class:`PageKernelManager` is that base class for the app. Voilà's manager asks it about every kernel
that is not in the pool. A kernel no page has connected to yet is spared until it has been out of the
pool for a whole idle time, counted from the first of the unbroken run of cull rounds that asked
about it (a round that falls while a kernel is starting, before Voilà counts it in its pool, asks
about it too; the next round skips it, pooled, and that restarts the count). So a page has the
cull's idle time to connect to the kernel it was given, however long that kernel waited in the pool.
Once a page has connected, jupyter_server's rules hold unchanged: a kernel with a connection is not
culled (``cull_connected`` is off), and a closed page's kernel goes once it has been idle that long
since its last message, as before. A kernel whose page never connects (closed while loading) goes one
idle time (and up to two cull intervals) after it left the pool; a dead one at the next round. Only
public methods are overridden: ``notify_connect``, ``cull_kernels`` and ``cull_kernel_if_idle``.

>>> manager = PageKernelManager(cull_idle_timeout=600)
>>> sorted(manager.connected_kernels), manager.unconnected_since
([], {})
"""

from __future__ import annotations

import time

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class PageKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager, whose idle cull waits for a page to connect to a kernel it was
    given (see the module's docstring). Set with
    ``--VoilaConfiguration.multi_kernel_manager_class=baccarat_lessons.kernel_manager.PageKernelManager``."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Kernels a page has connected to at least once: jupyter_server's cull rules apply to them.
        self.connected_kernels: set[str] = set()
        # Kernels no page has connected to yet, offered to the cull in every round since: when (by
        # time.monotonic()) they were first offered, and the round they were last offered in.
        self.unconnected_since: dict[str, tuple[float, int]] = {}
        self.cull_round = 0

    def notify_connect(self, kernel_id):
        super().notify_connect(kernel_id)
        if kernel_id in self:
            self.connected_kernels.add(kernel_id)
            self.unconnected_since.pop(kernel_id, None)

    async def cull_kernels(self):
        self.cull_round += 1
        await ensure_async(super().cull_kernels())
        # A kernel not offered this round was spared before it was asked about (Voilà's pool), or is
        # gone: its clock starts again the next time it is offered, when it has left the pool.
        self.unconnected_since = {kernel_id: seen for kernel_id, seen in self.unconnected_since.items()
                                  if seen[1] == self.cull_round}
        self.connected_kernels.intersection_update(self.list_kernel_ids())

    async def cull_kernel_if_idle(self, kernel_id):
        if kernel_id not in self.connected_kernels:
            kernel = self.get_kernel(kernel_id)
            now = time.monotonic()
            since = self.unconnected_since.get(kernel_id, (now, 0))[0]
            self.unconnected_since[kernel_id] = (since, self.cull_round)
            metadata = getattr(getattr(kernel, "kernel_spec", None), "metadata", None) or {}
            idle_timeout = metadata.get("cull_idle_timeout", self.cull_idle_timeout)
            if now - since <= idle_timeout and getattr(kernel, "execution_state", None) != "dead":
                self.log.debug("Not culling kernel %s: no page has connected to it yet (%.0f s out of the pool)",
                               kernel_id, now - since)
                return
        return await ensure_async(super().cull_kernel_if_idle(kernel_id))
