#!/usr/bin/env python3
"""Walks ActLab's accessibility tree through AT-SPI (what Orca reads) and prints every visible
focusable object without a name (issue 29). Needs python3-pyatspi, an AT-SPI bus (at-spi2-core)
and a display; see the README's "Accessibility" section for the command line.

    scripts/atspi_walk.py [--wait S] [--app NAME] [-- COMMAND...]

With a COMMAND (e.g. build/app/gui/actlab --view training) it starts it with
QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1, walks it once it appears and ends it. Exit code 0 when every
focusable object has a name, 1 when some do not, 2 when the application was not found."""

import argparse
import os
import subprocess
import sys
import time

import pyatspi


def find_application(name, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name == name and app.childCount > 0:
                return app
        time.sleep(0.5)
    return None


def walk(accessible, path, found, depth=0):
    """Counts the showing focusable objects under `accessible`; collects those without a name."""
    if accessible is None or depth > 80:
        return
    try:
        states = accessible.getState()
        role = accessible.getRoleName()
        name = accessible.name or ""
        count = accessible.childCount
    except Exception:  # the object went away while we walked
        return
    if not states.contains(pyatspi.STATE_SHOWING):
        return
    here = f"{path} > {role}" if path else role
    if states.contains(pyatspi.STATE_FOCUSABLE):
        found["focusable"] += 1
        if not name.strip():
            # The first children's roles and names tell which widget it is.
            inside = []
            for i in range(min(count, 3)):
                try:
                    child = accessible.getChildAtIndex(i)
                    inside.append(f"{child.getRoleName()} '{(child.name or '')[:20]}'")
                except Exception:
                    pass
            found["unnamed"].append(here + (f" (holding {', '.join(inside)})" if inside else ""))
    if name:
        here += f" '{name[:30]}'"
    for i in range(min(count, 5000)):
        try:
            child = accessible.getChildAtIndex(i)
        except Exception:
            continue
        walk(child, here, found, depth + 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", default="actlab", help="the application's AT-SPI name")
    parser.add_argument("--wait", type=float, default=20, help="seconds to wait for it")
    parser.add_argument("--settle", type=float, default=5, help="seconds to let it lay out")
    parser.add_argument("command", nargs="*", help="a command that starts the application")
    options = parser.parse_args()

    process = None
    if options.command:
        environment = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
        process = subprocess.Popen(options.command, env=environment)
    try:
        app = find_application(options.app, options.wait)
        if app is None:
            print(f"atspi_walk: no application named {options.app!r} on the AT-SPI bus",
                  file=sys.stderr)
            return 2
        time.sleep(options.settle)  # the window lays itself out, the views compute
        found = {"focusable": 0, "unnamed": []}
        walk(app, "", found)
        for path in found["unnamed"]:
            print(path)
        print(f"{found['focusable']} focusable objects, {len(found['unnamed'])} without a name")
        return 1 if found["unnamed"] else 0
    finally:
        if process is not None:
            process.terminate()
            process.wait(10)


if __name__ == "__main__":
    sys.exit(main())
