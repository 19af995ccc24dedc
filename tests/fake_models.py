"""Loopback model servers that misbehave as real ones do, for the degradation tests.

``FlakyGemini`` answers with structured output that fails validation most of the time;
``LlamaServer`` behaves as llama.cpp's ``llama-server`` does with a small model whose chat
template lacks tools: it ignores an object ``tool_choice`` (and the tools) and answers in
prose, enforces a ``response_format`` JSON schema while generating (the output always
matches it: strings stop at ``maxLength``, lists at ``maxItems``), answers 400 when the
prompt is over its context, and without ``max_tokens`` writes until the context is full.
"""

from __future__ import annotations

import copy
import json
import random
import threading
from typing import Any

import jsonschema

from tests import fake_world
from tests.fakes import Reply, Request, gemini_function_call, json_reply, openai_content

PROSE = "Tides are mostly caused by the Moon. I hope this helps with your project!"


def _break(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """The same answer made invalid the way a small model gets it wrong."""
    broken = copy.deepcopy(args)
    if name == "PlanOut":
        broken["questions"] = "What causes tides?"  # a string, not a list
    elif name == "ReflectOut":
        for item in broken["assessments"]:
            item["question_id"] += 7  # a question that does not exist
    elif name == "ExtractOut":
        broken["facts"] = [{"question_number": 1, "fact": "x"}]  # no quote, fact too short
    elif name == "AnswerOut":
        broken["overview"] = "See the sources.[^99]"  # a marker that was not given
    elif name == "GapOut":
        broken = {"next_gap_question_ids": "all"}
    elif name == "FollowUpOut":
        broken = {"queries": [{"question_number": "one", "query": ""}]}
    return broken


class FlakyGemini:
    """A Gemini-speaking model whose function-call arguments mostly fail validation."""

    def __init__(self, invalid_rate: float = 0.8, seed: int = 3) -> None:
        self.rate = invalid_rate
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.invalid = 0

    def __call__(self, request: Request) -> Reply:
        name = request.body["tools"][0]["functionDeclarations"][0]["name"]
        prompt = fake_world._prompt(request)
        args = fake_world.brain(name, prompt)
        with self.lock:
            bad = self.rng.random() < self.rate
            self.invalid += bad
        return gemini_function_call(name, _break(name, args) if bad else args,
                                    prompt_tokens=len(prompt) // 4, output_tokens=120)


def _conform(value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> Any:
    """What a grammar built from ``schema`` lets through: long strings and lists cut."""
    if "$ref" in schema:
        schema = defs[schema["$ref"].split("/")[-1]]
    for option in schema.get("anyOf", []):
        try:
            jsonschema.validate(value, {**option, "$defs": defs})
            return _conform(value, option, defs)
        except jsonschema.ValidationError:
            continue
    if isinstance(value, str) and "maxLength" in schema:
        return value[: schema["maxLength"]]
    if isinstance(value, list):
        items = schema.get("items", {})
        return [_conform(v, items, defs) for v in value[: schema.get("maxItems", len(value))]]
    if isinstance(value, dict):
        props = schema.get("properties", {})
        return {k: _conform(v, props.get(k, {}), defs) for k, v in value.items()}
    return value


class LlamaServer:
    """``/v1/chat/completions`` as llama-server answers it (see the module docstring)."""

    def __init__(self, n_ctx: int = 4096, brain: Any = fake_world.brain,
                 room: int | None = None) -> None:
        self.n_ctx = n_ctx
        self.brain = brain
        self.room = room  # when set: a context that leaves only this many tokens to write
        self.log: list[str] = []

    def __call__(self, request: Request) -> Reply:
        body = request.body
        prompt = fake_world._prompt(request)
        prompt_tokens = sum(len(m.get("content") or "") for m in body["messages"]) // 4 + 8
        if self.room is not None:
            self.n_ctx = prompt_tokens + self.room
        if prompt_tokens > self.n_ctx:
            return json_reply({"error": {
                "code": 400, "type": "exceed_context_size_error",
                "message": f"request ({prompt_tokens} tokens) exceeds the available context "
                           f"size ({self.n_ctx} tokens), try increasing it",
                "n_prompt_tokens": prompt_tokens, "n_ctx": self.n_ctx}}, 400)
        fmt = body.get("response_format") or {}
        if body.get("tools") and fmt.get("type") == "json_schema":
            return json_reply({"error": {"code": 400, "type": "invalid_request_error",
                                         "message": "Cannot use custom grammar constraints "
                                                    "with tools."}}, 400)
        if isinstance(body.get("tool_choice"), dict):
            self.log.append("Wrong type supplied for parameter 'tool_choice'. Expected "
                            "'string', using default value")
        if fmt.get("type") == "json_schema":
            schema = fmt["json_schema"]["schema"]
            data = _conform(self.brain(fmt["json_schema"]["name"], prompt), schema,
                            schema.get("$defs", {}))
            jsonschema.validate(data, schema)  # the grammar allows nothing else
            text = json.dumps(data)
        else:
            text = PROSE  # the tools are ignored: the model just talks
        room = self.n_ctx - prompt_tokens
        limit = body.get("max_tokens") or body.get("max_completion_tokens")
        if limit is None:
            # Nothing bounds the output: a small model goes on until the context is full.
            return openai_content(text + " " * (room * 4), prompt_tokens, room, "length")
        tokens = len(text) // 4 + 1
        if tokens > min(limit, room):
            cut = min(limit, room)
            return openai_content(text[: cut * 4], prompt_tokens, cut, "length")
        return openai_content(text, prompt_tokens, tokens)
