"""Generate conformant AGIS documents of N endpoints (shared by the benchmarks)."""
from __future__ import annotations

VERBS = ["BOOK", "FIND", "CANCEL", "SCHEDULE", "TRANSFER", "NOTIFY", "RECONCILE", "SUMMARIZE",
         "APPROVE", "DISPATCH"]
INTENTS = {"BOOK": "Books a table at the restaurant for the guest",
           "FIND": "Finds restaurants that match the guest's criteria",
           "CANCEL": "Cancels an existing reservation for the guest",
           "SCHEDULE": "Schedules a delivery for a future time slot",
           "TRANSFER": "Transfers funds between two accounts of the customer",
           "NOTIFY": "Sends a notification message to the guest",
           "RECONCILE": "Reconciles the account records against the ledger",
           "SUMMARIZE": "Summarizes the guest's past orders into a short report",
           "APPROVE": "Approves a pending refund request",
           "DISPATCH": "Dispatches a courier to collect the parcel"}


def document(n: int) -> str:
    out = ['agis: "1.0"', 'service: "Benchmark Service"', 'agtp: "agtp://bench.example.com"',
           'description: "Generated for benchmarks"', 'version: "1.0.0"', "endpoints:"]
    for i in range(n):
        verb = VERBS[i % len(VERBS)]
        out += [f"  - method: {verb}", f"    path: /resource-{i}/{{id}}", "    semantic:",
                f'      intent: "{INTENTS[verb]}"', "      actor: agent",
                f'      outcome: "The {verb.lower()} request {i} is completed"',
                "      capability: transaction", "      confidence_guidance: 0.9",
                "      impact_tier: reversible", "      is_idempotent: false",
                '      state_transition: "resource.status: NONE -> DONE"',
                "    input:", "      type: object", "      required: [id]", "      properties:",
                "        id: {type: string}", "        note: {type: string, maxLength: 200}",
                "    output:", "      type: object", "      properties:",
                "        result_id: {type: string}",
                "    errors:", f"      - name: resource_{i}_not_found",
                '        description: "No resource has that identifier"']
    out += ["vocabulary:", f"  declared_verbs: [{', '.join(VERBS[:min(n, len(VERBS))])}]",
            "  domain: benchmarks", ""]
    return "\n".join(out)
