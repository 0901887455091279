#!/usr/bin/env python3
"""Scores --predictions-out files with the authors' own evaluators (read from the reference copy of
CriticTool, imported, never copied), for comparison with `pnpm evaluate`.

The evaluators need sentence_transformers (all-mpnet-base-v2) and tqdm, neither installed here: both
are replaced by stand-ins before the import. The sentence model is replaced by the project's offline
similarity `lexical-v1` (cosine of lower-cased word and character-trigram counts), so that the only
difference left between the two implementations is the code under test.

Usage: official_scores.py REFERENCE_DIR JOBS_JSON
  JOBS_JSON: [{"path": ..., "kind": "internal"|"external", "mode": "skip"|"finish"|null, "cot": bool}, ...]
Prints [{"path", "mode", "metrics"}] as JSON.
"""
import json
import math
import sys
import types
from collections import Counter


def words(text):
    out, cur = [], []
    for ch in text.lower():
        if ch.isalpha() or ch.isnumeric():
            cur.append(ch)
        elif cur:
            out.append("".join(cur))
            cur = []
    if cur:
        out.append("".join(cur))
    return out


def term_vector(text):
    v = Counter()
    for w in words(text):
        v["w:" + w] += 1
        padded = "#" + w + "#"
        for i in range(len(padded) - 2):
            v["c:" + padded[i:i + 3]] += 1
    return v


class _Score:
    def __init__(self, value):
        self.value = value

    def cpu(self):
        return self

    def numpy(self):
        import numpy as np
        return np.array([[self.value]])


class _Encoded:
    def __init__(self, text):
        self.text = text


def _cos_sim(a, b):
    if a.text == b.text:
        return _Score(1.0)
    va, vb = term_vector(a.text), term_vector(b.text)
    dot = sum(x * vb.get(t, 0) for t, x in va.items())
    n = math.sqrt(sum(x * x for x in va.values())) * math.sqrt(sum(x * x for x in vb.values()))
    return _Score(0.0 if n == 0 else min(1.0, dot / n))


class _SentenceTransformer:
    def __init__(self, name):
        self.name = name

    def encode(self, texts, convert_to_tensor=True):
        return [_Encoded(t) for t in texts]


def install_stand_ins():
    st = types.ModuleType("sentence_transformers")
    st.SentenceTransformer = _SentenceTransformer
    st.util = types.SimpleNamespace(cos_sim=_cos_sim)
    sys.modules["sentence_transformers"] = st
    tq = types.ModuleType("tqdm")
    tq.tqdm = lambda x, *a, **k: x
    sys.modules["tqdm"] = tq


def main(argv):
    reference, jobs_path = argv[1], argv[2]
    install_stand_ins()
    sys.path.insert(0, reference)
    from critictool.evaluators.internal_evaluator import LLMEvaluator
    from critictool.evaluators.external_evaluator import EnvironmentEvaluator

    out = []
    for job in json.load(open(jobs_path)):
        if job["kind"] == "internal":
            evaluator = LLMEvaluator(job["path"], cot=job["cot"])
        else:
            evaluator = EnvironmentEvaluator(job["path"], mode=job["mode"], cot=job["cot"])
        _, means = evaluator.evaluate()
        out.append({"path": job["path"], "mode": job["mode"], "metrics": {k: float(v) for k, v in means.items()}})
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
