"""Reading a tool or capability name as namespace, verb and object.

``hosting_createWebsiteV1`` -> namespace ``hosting``, verb ``create``, object ``Website``
(version ``V1``); ``db-cluster-delete`` -> namespace ``db``, object ``cluster``, verb ``delete``;
``mcp__github__create_issue`` and ``github.create_issue`` -> namespace ``github``; ``get_user`` ->
verb ``get``, object ``user``; ``user_create`` -> object ``user`` before the verb ``create``.

The reader decides with the lexicon (is a word a verb? a common imperative verb such as GET, LIST,
CREATE, DELETE?) and with the other names of the same document (``NameContext``): a leading word
that most tools of one server share is a namespace, and so is a word group that several tools share
before differing verbs (``firecrawl_monitor_create``, ``firecrawl_monitor_list``). A suffix that
most of them share (mapbox's ``buffer_tool``, ``area_tool``) is not part of the object.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache

_CAMEL = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_SEGMENT = re.compile(r"[^_\-\s]+")
_VERSION = re.compile(r"^[vV]?[0-9]+$")
# words that name the kind of thing, not the object, when most names of a server end in them
GENERIC = frozenset({"tool", "tools", "mcp"})
# words after which the next one is not the name's verb: a lookup key (``by``) or a question (``can``)
NOT_BEFORE_A_VERB = frozenset({"by", "can", "is", "has"})
HTTP = frozenset({"GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "CONNECT", "TRACE"})
# the HTTP methods names use as their verb; HEAD, OPTIONS, TRACE are nouns there as often
# (``performance_stop_trace``: STOP, then the object ``trace``) and count by the lexicon
HTTP_VERBS = frozenset({"GET", "POST", "PUT", "DELETE", "PATCH"})


@dataclass(frozen=True)
class Lead:
    """How a name reads. ``word`` is the verb (``verb`` True) or, for a name without one, the
    first word after the namespace; ``start``/``end`` are its offsets inside the name.
    ``prefix`` is an object written before the verb (``user`` in ``user_create``), as written;
    ``namespace``, ``object`` and ``version`` are as written too ("" when absent)."""
    word: str
    start: int
    end: int
    prefix: str = ""
    namespace: str = ""
    object: str = ""
    version: str = ""
    verb: bool = True
    first: bool = True   # the verb is the name's first word (after a dotted or `__` namespace)
    titled: bool = False  # the name ended in the server's generic suffix (`buffer_tool`): a title

    @property
    def upper(self) -> str:
        return self.word.upper()

    @property
    def sure(self) -> bool:
        """The verb leads the name, or is a common imperative verb or one the lexicon knows only as
        a verb: a verb read after a namespace that is also a noun (``firecrawl_credit_usage``:
        CREDIT) may be one, and so may the first word of a name that ends in the server's generic
        suffix: such names are often titles (mapbox's ``buffer_tool``, ``place_details_tool``)."""
        return self.verb and ((self.first and not self.titled) or _strong(self.word))

    @property
    def parts(self) -> bool:
        """True when the name has more to it than a leading verb (a namespace or an object first)."""
        return bool(self.namespace or self.prefix)


@dataclass(frozen=True)
class NameContext:
    """The names of one document, as evidence for reading each of them."""
    total: int = 0
    prefixes: Counter = None  # (word, ...) lower-cased -> how many names start with those words
    suffixes: Counter = None  # last word lower-cased -> how many names (of 2+ words) end with it
    nexts: dict = None        # (word, ...) -> the words that follow it in the names that start so
    verb_second: int = 0      # names of 2+ words whose first word is no common verb and whose second is one
    _verb_groups: dict = field(default_factory=dict, compare=False, repr=False)   # verbs_follow, memoized
    _firsts: Counter = field(default_factory=Counter, compare=False, repr=False)  # firsts_before, built once

    def group(self, words: tuple) -> int:
        return self.prefixes[words] if self.prefixes else 0

    def server_wide(self, word: str) -> bool:
        """A first word that most names of the document share (a namespace by evidence)."""
        n = self.group((word,))
        return self.total >= 2 and n >= 2 and 2 * n >= self.total

    def shared(self, words: tuple) -> bool:
        """A word group that several names share before differing words."""
        return self.group(words) >= 3 or (len(words) == 1 and self.server_wide(words[0]))

    def differs_after(self, words: tuple) -> bool:
        """Whether the names that start with ``words`` go on with different words (not
        ``show_create_view``, ``show_create_trigger``: SHOW CREATE is their group, not SHOW)."""
        return len(self.nexts.get(words, ())) >= 2 if self.nexts else False

    def verbs_follow(self, words: tuple) -> bool:
        """A word group that several names continue with differing common verbs, mostly
        (``alert-policy-create``, ``alert-policy-delete``, ``alert-policy-list``): an object
        written before its verb, as a group of the server's names."""
        known = self._verb_groups.get(words)
        if known is None:
            after = self.nexts.get(words, ()) if self.nexts else ()
            known = self._verb_groups[words] = len(after) >= 2 and 2 * sum(1 for w in after if _strong(w)) > len(after)
        return known

    def verbs_among(self, words: tuple) -> int:
        """How many different common verbs the names that start with ``words`` continue with."""
        return sum(1 for w in (self.nexts.get(words, ()) if self.nexts else ()) if _strong(w))

    def verbish_group(self, words: tuple) -> bool:
        """A word group of three or more names that go on with three or more different words, three
        in four of them verbs, common or not (``log_write``, ``log_read``, ``log_clear``;
        ``page_audit_start_scan`` beside ``page_audit_stop``, ``page_audit_rescan``): a namespace,
        even when its own words can be verbs (LOG, PAGE)."""
        after = self.nexts.get(words, ()) if self.nexts else ()
        return self.group(words) >= 3 and len(after) >= 3 and 4 * sum(1 for w in after if _verbish(w)) >= 3 * len(after)

    def firsts_before(self, word: str) -> int:
        """How many different first words the names go on with ``word`` after."""
        if not self._firsts and self.nexts:
            self._firsts.update(w for key, after in self.nexts.items() if len(key) == 1 for w in after)
        return self._firsts[word]

    def namespace_first(self) -> bool:
        """Whether most of the document's names put a word before a common verb, each its own
        (``CSS_getComputedStyle``, ``DOM_querySelector``, ``Device_listClients``: a namespace per
        domain, then the verb), so a name of the same shape reads the same (``Page_reload``)."""
        return self.verb_second >= 3 and 2 * self.verb_second >= self.total

    def generic_suffix(self, word: str) -> bool:
        n = self.suffixes[word] if self.suffixes else 0
        return n >= 3 and 2 * n >= self.total


EMPTY = NameContext()


def name_context(names) -> NameContext:
    prefixes: Counter = Counter()
    suffixes: Counter = Counter()
    nexts: dict = {}
    total = second = 0
    for name in names:
        if not isinstance(name, str):
            continue
        words = tuple(w.lower() for w, _ in _words(name, _explicit_namespace(name)[1]))
        if not words:
            continue
        total += 1
        for k in range(1, len(words)):
            prefixes[words[:k]] += 1
            nexts.setdefault(words[:k], set()).add(words[k])
        if len(words) > 1:
            suffixes[words[-1]] += 1
            second += not _strong(words[0]) and _strong(words[1])
    return NameContext(total, prefixes, suffixes, nexts, second)


def _explicit_namespace(name: str) -> tuple[str, int]:
    """(namespace, offset where the rest starts) for ``ns.tool``, ``ns/tool``, ``mcp__ns__tool``."""
    cut = max(name.rfind("."), name.rfind("/"))
    dunder = name.rfind("__")
    if dunder > cut and dunder + 2 < len(name) and any(c.isalnum() for c in name[:dunder]):
        head = name[:dunder]
        ns = head[5:] if head.startswith("mcp__") else head
        return ns, dunder + 2
    if cut >= 0:
        return name[:cut], cut + 1
    return "", 0


def _words(name: str, base: int) -> list[tuple[str, int]]:
    """(word, offset) for every word after ``base``: separators and camelCase split."""
    out = []
    for seg in _SEGMENT.finditer(name, base):
        for m in _CAMEL.finditer(seg.group()):
            out.append((m.group(), seg.start() + m.start()))
    return out


def _verbish(word: str) -> bool:
    from .. import lexicon
    w = word.upper()
    return w in HTTP or (word.isalpha() and lexicon.is_base_verb(w) and lexicon.non_action_class(w) is None)


def words_of(name: str) -> list[str]:
    """The words of a name: separators and camelCase split (``markdownOffset``: markdown, Offset)."""
    return [w for w, _ in _words(name, 0)]


def leads_with_a_verb(word: str) -> bool:
    """Whether a name's first word may be its verb (``delete`` of ``delete_file``; not ``markdown``
    of ``markdownOffset``)."""
    return _verbish(word)


@lru_cache(maxsize=8192)
def _strong(word: str) -> bool:
    """A common imperative verb (GET, LIST, CREATE, SEARCH ...) or a word that is only a verb."""
    from ..lexicon.tables import get_lexicon
    if not _verbish(word):
        return False
    w = word.lower()
    lex = get_lexicon()
    return word.upper() in HTTP_VERBS or lex._lead_role(w) is not None or not set(lex._flags(w)) & set("narx")


def _text(name: str, words: list, i: int, j: int) -> str:
    """The name's text from word i to word j (exclusive), as written."""
    if i >= j:
        return ""
    return name[words[i][1]:words[j - 1][1] + len(words[j - 1][0])]


def _context_verb(words: list, low: tuple, ctx: NameContext) -> int | None:
    """The verb's index when the other names show a namespace or word group before it."""
    if ctx is EMPTY or len(low) < 2:
        return None
    if not _strong(low[0]):
        # alert-policy-create, domain-record-delete: the group the server's names continue with
        # verbs, then the verb (not RECORD: domain-record is itself such a group)
        m = next((m for m in range(1, len(low)) if ctx.verbs_follow(low[:m])), None)
        k = None if m is None else next((k for k in range(m, len(low)) if _strong(low[k])
                                         and not ctx.verbs_follow(low[:k + 1])), None)
        if m is not None and _in_the_verb_slot(low, m, ctx):
            k = m
        if k is not None:
            return k
    if _verbish(low[0]):
        # `do_create_namespace`, `queue_list` (a namespace), never `list_merge_request` or
        # `read_text_file` (LIST, READ are the verbs)
        # (a common verb is a namespace only when the server's names go on with verbs after it:
        # `do_create`, `do_list`; `describe_cases`, `show_tables` go on with objects)
        head = (ctx.server_wide(low[0]) and ctx.verbs_follow(low[:1])) if _strong(low[0]) \
            else ctx.shared(low[:1]) and ctx.differs_after(low[:1])
        if head and _strong(low[1]):
            return 1
        if head and not _strong(low[0]) and ctx.verbs_among(low[:1]) >= 2 and _first_verb(words, 1) is not None:
            # project-duplicate beside project-create and project-remove: the group, then its verb
            # (not read_text_file beside read_file and read_media_file: no verb follows READ there)
            return _first_verb(words, 1)
        return _first_verb(words, 1) if ctx.server_wide(low[0]) and not _strong(low[0]) else None
    shared = [k for k in range(1, len(low)) if ctx.shared(low[:k])]
    strong = [k for k in shared if _strong(low[k])]
    if strong:
        return strong[0]            # firecrawl_monitor_list: the group, then LIST
    # maps_text_search: MAPS, then the verb in the rest (a common one first: SEARCH, not TEXT);
    # linear_archiveProject: LINEAR, then the first verb
    return _first_verb(words, shared[0]) if shared else None


def _in_the_verb_slot(low: tuple, m: int, ctx: NameContext) -> bool:
    """Whether the word after the group ``low[:m]``, whose names go on with verbs, is this name's
    verb though no common imperative (respira_revoke_review_link: REVOKE, a noun too): a verb,
    not a modifier of the word after it when the group's names also go on with that word
    (obsidian_batch_get_file_contents beside obsidian_get_file_contents), and no longer group
    of the name goes on with verbs (nfs-file-share-create: the group nfs-file-share, then CREATE)."""
    after = ctx.nexts.get(low[:m], ()) if ctx.nexts else ()
    return (m < len(low) and _verbish(low[m]) and not (m + 1 < len(low) and low[m + 1] in after)
            and not any(ctx.verbs_follow(low[:i]) for i in range(m + 1, len(low))))


def _verb_after_a_group(low: tuple, ctx: NameContext) -> int | None:
    """The verb after a leading group that is a namespace though its first word can be a verb:
    a group the server's names go on with several verbs (``NameContext.verbish_group``: LOG of
    ``log_read`` beside ``log_write`` and ``log_clear``), when its second word follows no other
    first word (``StartAHORun`` beside ``GetAHORun`` and ``ListAHORuns``: START is in a verb slot) and
    its first word is no common imperative verb (``create_comment``)."""
    if _strong(low[0]):
        return None   # CREATE, GET, DELETE lead their names as verbs
    g = next((g for g in range(1, len(low)) if ctx.verbish_group(low[:g])), None)
    if g is None or not _verbish(low[g]) or ctx.firsts_before(low[1]) > 1:
        return None
    return g


def _first_verb(words: list, start: int) -> int | None:
    """The first common imperative verb at or after ``start``, else the first verb."""
    strong = next((i for i in range(start, len(words)) if _strong(words[i][0])), None)
    if strong is not None:
        return strong
    return next((i for i in range(start, len(words)) if _verbish(words[i][0])), None)


def read_name(name: str, ctx: NameContext = EMPTY) -> Lead | None:
    """Namespace, verb and object of a tool or capability name; None for a name without letters."""
    explicit, base = _explicit_namespace(name)
    words = _words(name, base)
    while words and not any(c.isalpha() for c in words[0][0]):
        words = words[1:]
    if not words:
        return None
    version = ""
    if len(words) > 1 and _VERSION.match(words[-1][0]):
        cut = len(words) - 1
        if cut > 1 and words[cut - 1][0] in ("V", "v") and words[-1][0].isdigit():
            cut -= 1
        version = name[words[cut][1]:]
        words = words[:cut]
    titled = len(words) > 1 and words[-1][0].lower() in GENERIC and ctx.generic_suffix(words[-1][0].lower())
    if titled:
        words = words[:-1]
    low = tuple(w.lower() for w, _ in words)
    j = _context_verb(words, low, ctx)
    if j is None and len(low) > 1 and ctx.namespace_first() and not _strong(low[0]) and _verbish(low[1]):
        j = 1   # Page_reload beside CSS_getComputedStyle and DOM_querySelector: the domain, then the verb
    if j is None and _verbish(low[0]):
        if len(low) > 1 and ctx.server_wide(low[0]) and not _strong(low[0]):
            return _no_verb(name, words, 1, explicit, version)   # BRAVE, a namespace, and no verb
        j = _verb_after_a_group(low, ctx)
        if j is None:
            j = 0
    if j is None:
        j = _first_verb(words, 1)
        if j is None:
            return _without_verb(name, words, explicit, version, ctx)
    if j > 0 and low[j - 1] in NOT_BEFORE_A_VERB:
        # domain-byComposeId ("domains by compose id"), domain-canGenerateX ("can X be generated?"):
        # a lookup or a question; the word after "by" or "can" is not the name's verb
        return _no_verb(name, words, j - 1, explicit, version)
    lead = _reading(name, words, j, explicit, version, ctx)
    return replace(lead, titled=True) if titled else lead


def _reading(name, words, j, explicit, version, ctx) -> Lead:
    word, at = words[j]
    after = _text(name, words, j + 1, len(words))
    ns, prefix = "", ""
    if j > 0:
        if after or ctx.shared((words[0][0].lower(),)):
            # an object follows the verb, or the first word is shared: the words before it name
            # the namespace (the first word only when nothing follows the verb)
            cut = j if after else 1
            ns, prefix = _text(name, words, 0, cut), _text(name, words, cut, j)
        else:
            prefix = _text(name, words, 0, j)    # user_create: the object comes first
    ns = ".".join(p for p in (explicit, ns) if p)
    obj = " ".join(p for p in (prefix, after) if p)
    return Lead(word, at, at + len(word), prefix=prefix, namespace=ns, object=obj, version=version,
                first=j == 0)


def _without_verb(name, words, explicit, version, ctx) -> Lead:
    from .. import lexicon
    first = words[0][0]
    if len(words) > 1 and ctx.server_wide(first.lower()):
        return _no_verb(name, words, 1, explicit, version)
    if lexicon.inflection_of(first.upper()) is not None and lexicon.non_action_class(first.upper()) is None:
        # checking_status: an inflected verb leads (TOOL201)
        at = words[0][1]
        return Lead(first, at, at + len(first), namespace=explicit,
                    object=_text(name, words, 1, len(words)), version=version)
    return _no_verb(name, words, 0, explicit, version)


def _no_verb(name, words, start, explicit, version) -> Lead:
    word, at = words[start]
    ns = ".".join(p for p in (explicit, _text(name, words, 0, start)) if p)
    return Lead(word, at, at + len(word), namespace=ns, object=_text(name, words, start, len(words)),
                version=version, verb=False)


def describe(name: str, lead: Lead) -> str:
    """```hosting_createWebsiteV1``: namespace `hosting`, verb `create`, object `Website``."""
    parts = []
    if lead.namespace:
        parts.append(f"namespace `{lead.namespace}`")
    if lead.prefix:
        parts.append(f"object `{lead.prefix}`")
    parts.append(f"verb `{lead.word}`" if lead.verb else "no verb")
    after = lead.object[len(lead.prefix):].strip() if lead.prefix else lead.object
    if after:
        parts.append(f"object `{after}`" if not lead.prefix else f"then `{after}`")
    return f"`{name}`: " + ", ".join(parts)
