"""simulate artischocken --plot / --compare-rhubarb (the balance lab, game.artischocken.plots)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.artischocken import plots as lab
from game.artischocken import simulate


def test_plot_and_compare_rhubarb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if lab.load_pyplot() is None:
        pytest.skip("matplotlib (the lab extra) not installed")
    out = tmp_path / "lab.png"
    rc = simulate.main(["--games", "8", "--seats", "greedy,random", "--seed", "2", "--json", "--plot", str(out),
                        "--compare-rhubarb"])
    assert rc == 0
    s = json.loads(capsys.readouterr().out)
    assert s["rhubarb"] is False and s["compare_rhubarb"]["on"]["rhubarb"] is True
    assert s["compare_rhubarb"]["off"]["wins"] == s["wins"] and s["compare_rhubarb"]["on"]["games"] == 8
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 20_000


def test_plot_without_matplotlib_says_install_the_lab_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(lab, "load_pyplot", lambda: None)
    rc = simulate.main(["--games", "2", "--plot", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert rc == 2 and "install the 'lab' extra" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("name", ["nowhere/x.png", "x.jpg"])
def test_plot_bad_path_is_a_clear_message(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc = simulate.main(["--games", "2", "--plot", str(tmp_path / name)])
    assert rc == 2 and "--plot" in capsys.readouterr().err
