"""Pass 5 (semantic completeness): the intent states the agent's goal, not the system's operation."""
from __future__ import annotations

import re

from ...engine.findings import Finding
from ...engine.registry import rule
from ._semantic import name, semantic_of

# Words that only name storage machinery: enough on their own.
_MACHINERY = re.compile(
    r"\b(sql|stored procedures?|primary keys?|foreign keys?|orm|crud|"
    r"(?:database|db) (?:tables?|rows?|records?|schemas?|quer(?:y|ies)|transactions?)|"
    r"(?:insert|select|update|delete) statements?)\b", re.I)
# Nouns that name a storage structure as often as a domain entity (a table at a
# restaurant, a patient record, a waiting queue, a managed database, seats in a row).
_STORAGE = re.compile(r"\b(tables?|records?|rows?|columns?|databases?|db|collections?|caches?|queues?|"
                      r"indexe?s?|buckets?|schemas?|data ?stores?)\b", re.I)
# Verbs of the system's own data handling, never a user's goal.
_DATA_OPERATION = re.compile(
    r"\b(inserts?|upserts?|persists?|serializes?|deserializes?|enqueues?|dequeues?|flush(?:es)?|"
    r"writes?(?: \S+){0,4} (?:to|into)|commits?(?: \S+){0,4} (?:to|into)|"
    r"(?:executes?|runs?) (?:a |the )?(?:query|queries|sql|statement))\b", re.I)


def internal_operation(text: str) -> str | None:
    """The words of ``text`` that describe the system's machinery, or None."""
    m = _MACHINERY.search(text)
    if m:
        return m.group(0)
    op, store = _DATA_OPERATION.search(text), _STORAGE.search(text)
    if op and store:
        return f"{op.group(0)} ... {store.group(0)}" if op.start() < store.start() else \
            f"{store.group(0)} ... {op.group(0)}"
    return None


@rule("AGIS518", spec="AGIS §5.1", visits="endpoint")
def intent_describes_implementation(ctx, ep):
    """The intent describes the system's internal operation (`Inserts a record into the reservations table`).

    ## What it does
    Looks for storage machinery in `semantic.intent`: words that only name it
    (SQL, stored procedure, primary key, database table, insert statement),
    and words that may name a domain entity (table, record, row, database,
    queue, cache) when the sentence also names the system's own handling of
    data (insert, upsert, persist, serialize, enqueue, write ... into, run a
    query). "Books a table for the guest" and "Provisions a new database" are
    not reported; "Inserts a record into the reservations table" is.

    ## Why is this bad?
    Section 5.1: "The intent statement MUST be written in terms of the agent's
    goal, not the system's internal operation. ... 'Inserts a record into the
    reservations table' is NOT a valid intent statement." Agents match a
    user's request against intents; nobody asks to insert a row.

    ## Example
    ```yaml
    semantic:
      intent: "Inserts a record into the reservations table"
    ```

    ## Use instead
    ```yaml
    semantic:
      intent: "Books a restaurant reservation on behalf of the requesting agent"
    ```

    ## Fix safety
    No fix: only the author knows the goal the endpoint serves.

    ## Decision
    Section 5.1 says MUST, but telling a goal from an operation is a judgement
    on free text: the check is a word list, so it is a warning, not an error.
    Words such as table, record, row, queue and database are domain nouns in
    many services (a restaurant table, a patient record, seats in a row, a
    managed database) and count only next to a verb of the system's own data
    handling. On the 13,404 intents of `models/data` (written to train and
    evaluate the model, not for this rule) it flags 2: "Inserts a row into
    the customer table" and "Gets hold of the database record for the
    specified date range"; a managed-database service ("Provisions a new
    database instance") is not flagged.
    """
    sem = semantic_of(ctx, ep)
    if sem is None:
        return
    intent = sem.get("intent")
    if not isinstance(intent, str) or not intent.strip():
        return
    words = internal_operation(intent[:2000])
    if words is None:
        return
    yield Finding(ep.field_path("semantic", "intent"),
                  f"the intent of {name(ep)} describes the system's internal operation ('{words}'), not the "
                  "agent's goal; say what the endpoint does for the caller (section 5.1)")
