"""A small fake web and a fake model 'brain' behind the loopback servers.

The brain reads the prompts the real templates render (questions as ``Q<n>:`` lines,
sources in ``<source id=...>`` blocks, facts as ``[^N] (Q<n>)`` lines) and answers with
the function call instructor asked for, as a model would.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tests.fakes import (
    Reply,
    Request,
    exa_results,
    gemini_function_call,
    openai_content,
    openai_tool_call,
)

WEB = [
    {"url": "https://tides.example/why?utm_source=feed", "title": "Why tides happen",
     "text": "Tides are caused by the gravitational pull of the Moon on the oceans. "
             "The Sun also pulls on the water, but less strongly."},
    {"url": "https://Tides.example/why/", "title": "Why tides happen (mirror)",
     "text": "Tides are caused by the gravitational pull of the Moon on the oceans. "
             "The Sun also pulls on the water, but less strongly."},
    {"url": "https://tides.example/spring", "title": "Spring and neap tides",
     "text": "Spring tides happen when the Sun and the Moon line up at new and full moon. "
             "Neap tides happen when they pull at right angles."},
    {"url": "https://ocean.example/range", "title": "Tidal range",
     "text": "The tidal range is the height difference between high and low tide. "
             "The Bay of Fundy has the largest tidal range in the world."},
]


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 3}


def exa_search(request: Request) -> Reply:
    """Documents sharing a word with the query."""
    query = _words(request.body["query"])
    hits = [dict(doc, id=str(i), score=0.9 - i / 10, publishedDate="2025-06-01T00:00:00.000Z",
                 author=None, highlights=[doc["text"][:60]], highlightScores=[0.5])
            for i, doc in enumerate(WEB) if query & _words(doc["title"] + " " + doc["text"])]
    return exa_results(hits[: request.body.get("numResults", 8)])


def _prompt(request: Request) -> str:
    body = request.body
    if "contents" in body:
        return body["contents"][0]["parts"][0]["text"]
    return next(m["content"] for m in body["messages"] if m["role"] == "user")


def _questions(prompt: str) -> list[tuple[int, str]]:
    return [(int(n), q) for n, q in re.findall(r"^Q(\d+): (.+)$", prompt, re.MULTILINE)]


def brain(name: str, prompt: str, quote_override: str | None = None,
          answer_from_round: int = 1) -> dict[str, Any]:
    """The arguments of the function call a sensible model would make.

    ``answer_from_round`` makes reflection call questions only partly answered before
    that round, so that follow-up rounds happen.
    """
    if name == "PlanOut":
        questions = [q for _, q in _questions(prompt)] or ["Why do tides happen?"]
        return {"questions": questions,
                "queries": [{"question_number": i, "query": q.rstrip("?")}
                            for i, q in enumerate(questions, 1)]}
    if name == "ReflectOut":
        sources = re.findall(r'<source id="([^"]+)"', prompt)
        round_no = int(re.search(r"^Round (\d+)", prompt).group(1))
        status = ("answered" if round_no >= answer_from_round else "partial") if sources else (
            "unanswered")
        return {"assessments": [
            {"question_id": n, "status": status,
             "relevant_source_ids": sources[:3], "missing": ""}
            for n, _ in _questions(prompt)]}
    if name == "GapOut":
        return {"continue_research": True,
                "next_gap_question_ids": [int(n) for n in re.findall(r"\(Q(\d+)\)", prompt)]}
    if name == "FollowUpOut":
        earlier = set(re.findall(r"^- (.+)$", prompt, re.MULTILINE))
        queries = []
        for n, desc in _questions(prompt):
            text = f"{desc.split('(')[0].strip()} explained"
            while text in earlier:
                text += " more"
            queries.append({"question_number": n, "query": text})
        return {"queries": queries}
    if name == "ExtractOut":
        text = re.search(r"<source [^>]*>\n(.*?)\n</source>", prompt, re.S).group(1)
        sentences = [x for x in re.split(r"(?<=\.)\s", text) if len(x.split()) >= 5]
        facts = []
        for qnum, question in _questions(prompt):
            best = max(sentences, key=lambda x: len(_words(x) & _words(question)))
            if _words(best) & _words(question):
                facts.append({"question_number": qnum, "fact": f"Per the source: {best}",
                              "quote": quote_override or best})
        return {"facts": facts}
    if name == "AnswerOut":
        facts = re.findall(r"^\[\^(\d+)\] \(Q(\d+)\) (.+)$", prompt, re.MULTILINE)
        sections: dict[int, list[str]] = {}
        for marker, q, text in facts:
            sections.setdefault(int(q), []).append(f"{text}[^{marker}]")
        return {"overview": "The sources agree on the main points.",
                "sections": [{"question_id": q, "text": " ".join(s)}
                             for q, s in sections.items()]}
    if name == "ModelAudit":
        refuse = "surveillance" in prompt.lower()
        return {"approve": not refuse,
                "reasons": ["the plan targets covert surveillance"] if refuse else
                ["the plan respects the policy"]}
    raise AssertionError(f"unexpected response model {name}")


def gemini_model(request: Request, **kwargs: Any) -> Reply:
    name = request.body["tools"][0]["functionDeclarations"][0]["name"]
    return gemini_function_call(name, brain(name, _prompt(request), **kwargs),
                                prompt_tokens=len(_prompt(request)) // 4, output_tokens=120)


def openai_model(request: Request, **kwargs: Any) -> Reply:
    """Tool calls when asked for tools, else JSON text for a ``response_format`` schema."""
    if request.body.get("tools"):
        name = request.body["tools"][0]["function"]["name"]
        return openai_tool_call(name, brain(name, _prompt(request), **kwargs),
                                prompt_tokens=len(_prompt(request)) // 4, output_tokens=120)
    name = request.body["response_format"]["json_schema"]["name"]
    return openai_content(json.dumps(brain(name, _prompt(request), **kwargs)),
                          prompt_tokens=len(_prompt(request)) // 4, output_tokens=120)
