"""The YAML reader's places (generator.model.safeyaml, yaml_marks): every key and value of every
YAML file in the repository stands where PyYAML's own node tree says, aliases share their
anchor's places, and a game split over files places each problem in the file that wrote it."""
from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
import yaml

from generator.errors import GameDataError
from generator.model.loader import load
from generator.model.safeyaml import MAX_NODES, YamlRefused, parse_yaml, read_yaml

REPO = Path(__file__).resolve().parents[1]
YAML_FILES = sorted(p for folder in ("content", "layouts", "generator/templates", "tests/fixtures")
                    for p in (REPO / folder).rglob("*.yaml"))


def node_places(node: yaml.Node, path: tuple = ()) -> tuple[dict, dict]:
    """PyYAML's composer as the oracle: field path -> (line, column) of each value and key."""
    values = {path: (node.start_mark.line + 1, node.start_mark.column + 1)}
    keys: dict = {}
    if isinstance(node, yaml.SequenceNode):
        for index, child in enumerate(node.value):
            child_values, child_keys = node_places(child, path + (index,))
            values.update(child_values)
            keys.update(child_keys)
    elif isinstance(node, yaml.MappingNode):
        for key_node, child in node.value:
            key = str(yaml.constructor.SafeConstructor().construct_object(key_node))
            keys[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            child_values, child_keys = node_places(child, path + (key,))
            values.update(child_values)
            keys.update(child_keys)
    return values, keys


def string_keys(value):
    """yaml.safe_load's data with every key as text, as game data keys are."""
    if isinstance(value, dict):
        return {str(k): string_keys(v) for k, v in value.items()}
    return [string_keys(v) for v in value] if isinstance(value, list) else value


def test_the_repositorys_yaml_files_are_all_checked():
    assert len(YAML_FILES) > 40
    assert any(p.name == "cards.yaml" for p in YAML_FILES)


@pytest.mark.parametrize("file", YAML_FILES, ids=[str(p.relative_to(REPO)) for p in YAML_FILES])
def test_every_key_and_value_stands_where_pyyamls_node_tree_says(file):
    text = file.read_text()
    doc = read_yaml(file)
    # PyYAML's pure-Python loader parses the file once: its node tree gives the places, then the
    # data as yaml.safe_load builds it from that tree (after node_places: building the data
    # flattens merge keys in the tree). Two parses were ~2/3 of this file's CPU.
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        values, keys = node_places(node) if node is not None else ({}, {})
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    assert doc.data == string_keys(data or {})
    assert dict(doc.values.items()) == values
    assert dict(doc.keys.items()) == keys
    for path, place in values.items():  # looked up one by one, as a problem is placed
        assert doc.values.get(path) == place and path in doc.values


def test_an_alias_is_its_anchors_value_at_its_anchors_places():
    text = "base: &card {name: Ash, cost: on}\ndecks:\n  - cards: [*card, {name: Elm}]\n"
    doc = parse_yaml(text, Path("cards.yaml"))
    assert doc.data["decks"][0]["cards"][0] == {"name": "Ash", "cost": True}
    assert doc.values[("decks", 0, "cards", 0, "name")] == doc.values[("base", "name")] == (1, 20)
    assert doc.values[("decks", 0, "cards", 1, "name")] == (3, 27)
    assert doc.keys[("decks",)] == (2, 1)
    assert doc.bool_words == {("base", "cost"): "on"}
    assert ("decks", 0, "cards", 2) not in doc.values and ("nothing",) not in doc.keys


def test_a_billion_laughs_is_refused_before_it_is_built_at_the_value_that_crosses_the_limit():
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 10) + "]" for i in range(8)]
    tracemalloc.start()
    try:
        with pytest.raises(YamlRefused) as caught:
            parse_yaml("\n".join(lines) + "\n", Path("bomb.yaml"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    problem = caught.value.problem
    assert f"more than {MAX_NODES:,} values once aliases are expanded" in problem.message
    assert problem.line == 1 and lines[0][problem.column - 1] == "x"  # inside the anchored list it repeats
    assert peak < 8 * 1024 * 1024  # 10^9 values were counted, not made


@pytest.mark.parametrize("text, message, column", [
    ("a: &r {b: *r}\n", "an alias inside the value it names", 11),
    ("a: *nowhere\n", "found undefined alias 'nowhere'", 4),
    ("a: !!int ten\n", "bad value", 4),
    ("? [a]\n: b\n", "a mapping key must be a plain word", 3),
])
def test_aliases_and_values_yaml_cannot_build_are_located_refusals(text, message, column):
    with pytest.raises(YamlRefused) as caught:
        parse_yaml(text, Path("x.yaml"))
    problem = caught.value.problem
    assert message in problem.message and (problem.line, problem.column) == (1, column)


def test_a_problem_in_a_list_continued_over_files_names_the_file_and_line_that_wrote_it(starter_game):
    (starter_game / "more-cards.yaml").write_text(
        "decks:\n  - id: extra\n    name: Extra\n    back: plain\n    backs: {plain: {title: X, icon: star}}\n"
        "    cards:\n      - {id: one, name: One, type: Action, cost: 1}\n"
        "      - {id: two, name: Two, type: Action, count: lots}\n")
    with pytest.raises(GameDataError) as caught:
        load(starter_game)
    problem = next(p for p in caught.value.problems if p.path.endswith("cards[1].count"))
    line = (starter_game / "more-cards.yaml").read_text().splitlines()[7]
    assert problem.file.name == "more-cards.yaml" and (problem.line, problem.column) == (8, line.index("lots") + 1)
