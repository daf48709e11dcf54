"""Icons: the SVG subset we read, and every way a hostile or sloppy icon is refused quickly."""
from __future__ import annotations

import pytest

from generator.model.icons import IconError, parse_path, read_icon

SVG = '<svg xmlns="http://www.w3.org/2000/svg" {attrs}>{body}</svg>'


def icon(tmp_path, body, attrs='viewBox="0 0 24 24"', name="i.svg"):
    path = tmp_path / name
    path.write_text(SVG.format(attrs=attrs, body=body))
    return path


def test_relative_and_quadratic_paths_become_absolute_cubics():
    ops = parse_path("m1 1 l2 0 q1 1 2 0 z")
    assert ops[0] == ("M", 1, 1) and ops[1] == ("L", 3, 1)
    assert ops[2][0] == "C" and ops[2][-2:] == (5, 1) and ops[-1] == ("Z",)


@pytest.mark.parametrize("body,attrs,message", [
    ('<path d="M0 0 L10 10 Z 5 5"/>', 'viewBox="0 0 24 24"', "numbers after Z"),  # used to loop forever
    ('<path d="M0 0 A5 5 0 0 1 10 10"/>', 'viewBox="0 0 24 24"', "arcs"),
    ('<rect width="4" height="4"/>', 'viewBox="a b c d"', "bad value"),
    ('<rect width="4" height="4" stroke-width="1em"/>', 'viewBox="0 0 24 24"', "bad value"),
    ('<rect width="4" height="4"/>', 'viewBox="0 0 nan 24"', "not finite"),
    ('<circle r="inf"/>', 'viewBox="0 0 24 24"', "not finite"),
    ('<script>alert(1)</script>', 'viewBox="0 0 24 24"', "<script> is not supported"),
    ('<rect width="4" height="4" transform="scale(2)"/>', 'viewBox="0 0 24 24"', "transform"),
])
def test_bad_icons_are_refused_with_a_message_naming_the_file(tmp_path, body, attrs, message):
    path = icon(tmp_path, body, attrs)
    with pytest.raises(IconError, match=message) as caught:
        read_icon(path)
    assert str(path) in str(caught.value)


def test_entities_are_refused_before_parsing(tmp_path):
    path = tmp_path / "bomb.svg"
    path.write_text('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>')
    with pytest.raises(IconError, match="DOCTYPE"):
        read_icon(path)
