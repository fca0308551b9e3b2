"""For plugin authors: ``referee games``, ``hooks``, ``new-plugin``, ``check`` and ``scenario run``."""

from __future__ import annotations

import argparse

from . import common


def cmd_games(args: argparse.Namespace) -> int:
    installed = common.open_referee(args).plugins.games()  # discovery only: no store is opened
    lines = []
    for game in installed["games"]:
        lines.append(f"{game['name']:<12} {game['title']} ({game['seats']} players) — {game['distribution']} {game['version']}")
        if game["summary"]:
            lines.append(f"{'':<12} {game['summary']}")
        for e in game["extensions"]:
            default = " (on by default)" if e["default"] else ""
            lines.append(f"{'':<12}   {e['kind']} {e['name']}: {e['title']}{default} — {e['distribution']} {e['version']}")
    if not installed["games"]:
        lines = ["no games installed; install one, e.g. pip install referee-pigsty"]
    for name, reason in sorted(installed["broken"].items()):
        lines.append(f"skipped plugin {name}: {reason}")
    lines += [f"note: {warning}" for warning in installed["warnings"]]
    problems = installed["broken"] or installed["warnings"]
    common.out(args, installed if problems else installed["games"], "\n".join(lines))
    return 0


def cmd_hooks(args: argparse.Namespace) -> int:
    listed = common.open_referee(args).plugins.hooks(args.game)  # discovery only: no store is opened
    lines: list[str] = []
    owner = None
    for hook in listed["hooks"]:
        if hook["owner"] != owner:
            owner = hook["owner"]
            title = "kernel hooks" if owner == "referee" else f"{owner} hooks"
            lines += [""] if lines else []
            lines.append(f"{title} ({hook['module']})")
        by = ", ".join(f"{i['plugin']} ({i['distribution']} {i['version']})" for i in hook["implemented_by"]) or "no installed plugin"
        wins = "first result wins" if hook["firstresult"] else "every implementation runs"
        lines += [f"  {hook['name']}{hook['signature']}", f"      {hook['summary']}", f"      {wins}; implemented by: {by}"]
    lines += [f"note: {problem}" for problem in listed["problems"]]
    common.out(args, listed, "\n".join(lines))
    return 0


def cmd_new_plugin(args: argparse.Namespace) -> int:
    import shlex

    from . import newplugin

    folder, written = newplugin.generate(common.open_referee(args), args.name, args.kind, args.game, args.dir, args.title)
    where = shlex.quote(str(folder))
    lines = [f"wrote {len(written)} files to {folder}:", *(f"  {p.relative_to(folder)}" for p in written)]
    lines += ["", f"install it and run its tests:  cd {where} && pip install -e . && python -m pytest"]
    common.out(args, {"folder": str(folder), "files": [str(p) for p in written]}, "\n".join(lines))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    results = common.open_referee(args).plugins.check_files(args.game, args.files)
    text = "\n".join(
        f"OK: {r['file']}" if not r["problems"] else "\n".join([f"PROBLEMS in {r['file']}:", *(f"  {p}" for p in r["problems"])])
        for r in results
    )
    common.out(args, results, text)
    if any(r["problems"] for r in results):
        raise common.Failed()
    return 0


def cmd_scenario_run(args: argparse.Namespace) -> int:
    from referee import RefereeError

    if not args.files and not args.game:
        raise RefereeError("name scenario files, or --game NAME for a game's own suite")
    extensions = common.extension_names(args.extensions)
    results = common.open_referee(args).plugins.run_scenarios(args.files, game=args.game, extensions=extensions)
    failed = [r for r in results if not r.ok]
    common.out(
        args,
        [{"file": r.scenario.source, "title": r.scenario.title, "ok": r.ok, "failures": r.failures} for r in results],
        "\n".join(r.summary() for r in results) + f"\n{len(results) - len(failed)} passed, {len(failed)} failed",
    )
    if failed:
        raise common.Failed()
    return 0
