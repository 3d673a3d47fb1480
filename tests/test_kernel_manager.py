"""The app's kernel manager (baccarat_lessons/kernel_manager.py, issue 20): a kernel handed to a page
is not culled before the page has connected, however long it waited in Voilà's pool; once a page has
connected, jupyter_server's own rules decide. The server's part is stood in for here: ``Stand`` offers
the cull the kernels that are not pooled, as Voilà's manager does, and notes which ones jupyter_server's
rules would be asked about. The browser test (tests/browser/test_server_hardening.py) runs the real thing.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from baccarat_lessons import kernel_manager
from baccarat_lessons.kernel_manager import PageKernelManager

IDLE = 3


class Stand(AsyncMappingKernelManager):  # jupyter_server's manager, its cull stood in for
    """Kernels by id; the pooled ones are never offered to the cull (Voilà spares them); each kernel that
    reaches jupyter_server's rules is noted in ``asked``."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.stand_kernels, self.pooled, self.asked = {}, set(), []

    def __contains__(self, kernel_id):
        return kernel_id in self.stand_kernels

    def list_kernel_ids(self):
        return list(self.stand_kernels)

    def get_kernel(self, kernel_id):
        return self.stand_kernels[kernel_id]

    def notify_connect(self, kernel_id):
        pass

    async def cull_kernels(self):
        for kernel_id in list(self.stand_kernels):
            if kernel_id not in self.pooled:
                await self.cull_kernel_if_idle(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id):
        self.asked.append(kernel_id)


class Manager(PageKernelManager, Stand):
    pass


@pytest.fixture
def clock(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(kernel_manager.time, "monotonic", lambda: now[0])
    return now


def manager_with(*kernel_ids: str, state: str = "idle") -> Manager:
    manager = Manager(cull_idle_timeout=IDLE, cull_interval=1)
    for kernel_id in kernel_ids:
        manager.stand_kernels[kernel_id] = SimpleNamespace(execution_state=state, kernel_spec=SimpleNamespace(metadata={}))
    return manager


def ticks(manager: Manager, clock, seconds: int) -> list[str]:
    """Run a cull round each second for ``seconds``; the kernels asked about, in order."""
    manager.asked = []
    for _ in range(seconds):
        clock[0] += 1
        asyncio.run(manager.cull_kernels())
    return manager.asked


def test_a_kernel_that_waited_in_the_pool_has_the_idle_time_to_be_connected(clock):
    manager = manager_with("k")
    manager.pooled.add("k")
    assert ticks(manager, clock, 60) == []  # a minute in the pool: Voilà spares it
    manager.pooled.discard("k")  # handed to a page
    assert ticks(manager, clock, IDLE) == []  # not culled while the page loads
    manager.notify_connect("k")
    assert ticks(manager, clock, 2) == ["k", "k"]  # connected: jupyter_server's rules decide (a connection spares it)


def test_a_kernel_whose_page_never_connects_goes_after_the_idle_time(clock):
    manager = manager_with("k")
    # Offered first at the first round; spared while the time since is not over the idle time, as
    # jupyter_server counts idle time; culled (asked) at the round after.
    assert ticks(manager, clock, IDLE + 1) == []
    assert ticks(manager, clock, 1) == ["k"]


def test_its_clock_starts_when_it_leaves_the_pool(clock):
    """A tick that fell while the kernel was starting, before Voilà counted it in its pool, does not
    start its clock: being pooled again restarts it."""
    manager = manager_with("k")
    assert ticks(manager, clock, 1) == []  # starting: offered once
    manager.pooled.add("k")
    assert ticks(manager, clock, 30) == []
    manager.pooled.discard("k")
    assert ticks(manager, clock, IDLE + 1) == []
    assert ticks(manager, clock, 1) == ["k"]


def test_a_dead_kernel_is_culled_at_once(clock):
    manager = manager_with("k", state="dead")
    assert ticks(manager, clock, 1) == ["k"]


def test_a_closed_pages_kernel_is_left_to_jupyter_servers_rules(clock):
    """Connected once, then its page closed: asked about at every round, never spared by this manager."""
    manager = manager_with("k")
    manager.notify_connect("k")
    assert ticks(manager, clock, 3) == ["k", "k", "k"]


def test_a_kernel_that_is_gone_is_forgotten(clock):
    manager = manager_with("a", "b")
    manager.notify_connect("a")
    ticks(manager, clock, 1)
    assert manager.connected_kernels == {"a"} and set(manager.unconnected_since) == {"b"}
    manager.stand_kernels.clear()
    ticks(manager, clock, 1)
    assert manager.connected_kernels == set() and manager.unconnected_since == {}
