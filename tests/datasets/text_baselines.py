#!/usr/bin/env python3
"""The text task's held-out split and add-one unigram/bigram baselines, written from the spec
(issue 27) independently of core/datasets/text_corpus.cpp, in plain Python: the figures that
tests/datasets/test_text_corpus.cpp checks (run: python3 text_baselines.py ../../resources/texts)."""
import math
import sys
from collections import Counter
from pathlib import Path

BLOCK, EVERY, MIN_HELD_OUT, MAX_WINDOWS = 256, 10, 10, 1024


def decode(data):
    text = data.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n")


def ids_of(text, max_vocab):
    counts = Counter(text)
    ranked = sorted(counts, key=lambda c: (-counts[c], ord(c)))
    kept = ranked if len(ranked) <= max_vocab else ranked[: max_vocab - 1]
    unknown = len(ranked) > max_vocab
    symbols = sorted(kept)
    index = {c: i for i, c in enumerate(symbols)}
    ids = [index.get(c, len(symbols)) for c in text]
    return ids, len(symbols) + (1 if unknown else 0)


def split(n, seq):
    """Block length, training runs and held-out spans of predicted positions."""
    smallest = max(4, math.ceil((seq + 1) / (EVERY - 1)))
    block = min(BLOCK, n // (EVERY * MIN_HELD_OUT))
    if block < smallest:
        return n, [(0, n)], [(1, n)], False
    runs = [(b, min(n, b + (EVERY - 1) * block)) for b in range(0, n, EVERY * block)]
    held = [(b, min(n, b + block)) for b in range((EVERY - 1) * block, n, EVERY * block)]
    return block, runs, held, True


def baselines(ids, vocab, seq):
    block, runs, held, held_out = split(len(ids), seq)
    positions = [p for a, b in held for p in range(a, b)]
    windows = [(f, min(b, f + seq)) for a, b in held for f in range(a, b, seq)]
    if len(windows) > MAX_WINDOWS:
        windows = [windows[i * len(windows) // MAX_WINDOWS] for i in range(MAX_WINDOWS)]
        positions = [p for f, e in windows for p in range(f, e)]
    uni, pair, context = Counter(), Counter(), Counter()
    for a, b in runs:
        for p in range(a, b):
            uni[ids[p]] += 1
            if p > a:
                pair[ids[p - 1], ids[p]] += 1
                context[ids[p - 1]] += 1
    total = sum(uni.values())
    u = sum(-math.log2((uni[ids[p]] + 1) / (total + vocab)) for p in positions) / len(positions)
    g = sum(-math.log2((pair[ids[p - 1], ids[p]] + 1) / (context[ids[p - 1]] + vocab))
            for p in positions) / len(positions)
    return block, held_out, len(positions), u, g


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "resources/texts")
    for path in sorted(folder.glob("*.txt")):
        text = decode(path.read_bytes())
        for seq, max_vocab in ((32, 512), (16, 20)):
            ids, vocab = ids_of(text, max_vocab)
            block, held_out, count, u, g = baselines(ids, vocab, seq)
            print(f'    {{"{path.stem}", {seq}, {max_vocab}, {len(text)}, {vocab}, {block}, '
                  f'{str(held_out).lower()}, {count}, {u:.12f}, {g:.12f}}},')


if __name__ == "__main__":
    main()
