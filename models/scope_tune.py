"""The training loop of the encoder's fine-tune for the scope judgment (``models/finetune_scope.py``):
the top layers and a 64-unit head, class-balanced logistic loss, from the cached lower layers.
"""
from __future__ import annotations

import copy
import random
import time

import torch
import torch.nn.functional as F
from torch import nn

import train_security as ts
from minilm_torch import pad, upper_forward
from scope_tune_data import SEED

LR_ENCODER = 3e-5
LR_HEAD = 1e-3
BATCH = 32


class Head(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.a, self.b = nn.Linear(384, ts.HIDDEN), nn.Linear(ts.HIDDEN, 1)

    def forward(self, x):
        return self.b(torch.relu(self.a(x))).squeeze(-1)


def finetune(upper0: nn.ModuleList, cache: dict, pos: list[str], neg: list[str], epochs: int) -> nn.ModuleList:
    torch.manual_seed(SEED)
    upper, head = copy.deepcopy(upper0).train(), Head()
    texts = pos + neg
    y = torch.tensor([1.0] * len(pos) + [0.0] * len(neg))
    weight = torch.where(y == 1, 0.5 / y.mean(), 0.5 / (1 - y.mean()))
    opt = torch.optim.AdamW([{"params": upper.parameters(), "lr": LR_ENCODER},
                             {"params": head.parameters(), "lr": LR_HEAD}], weight_decay=0.01)
    rng = random.Random(SEED)
    plan = []
    for _ in range(epochs):
        order = list(range(len(texts)))
        rng.shuffle(order)
        for c in range(0, len(order), BATCH * 16):   # length-sorted within chunks: less padding
            chunk = sorted(order[c:c + BATCH * 16], key=lambda i: cache[texts[i]][0].shape[0])
            bs = [chunk[j:j + BATCH] for j in range(0, len(chunk), BATCH)]
            rng.shuffle(bs)
            plan.extend(bs)
    total, warm = len(plan), max(1, len(plan) // 10)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min((s + 1) / warm, max(0.0, (total - s) / (total - warm))))
    started, running = time.time(), 0.0
    for step, b in enumerate(plan, 1):
        h, mask = pad([cache[texts[i]][0] for i in b])
        logits = head(upper_forward(upper, h, mask) * 10)   # x10: a unit vector's entries are small
        loss = (F.binary_cross_entropy_with_logits(logits, y[b], reduction="none") * weight[b]).mean()
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(list(upper.parameters()) + list(head.parameters()), 1.0)
        opt.step()
        sched.step()
        running = 0.95 * running + 0.05 * loss.item() if step > 1 else loss.item()
        if step % 50 == 0 or step == total:
            print(f"  step {step}/{total} loss {running:.4f} {time.time() - started:.0f} s", flush=True)
    return upper.eval()
