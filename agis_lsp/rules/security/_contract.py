"""What stays inside a tool's own contract: the hard negatives the pattern rules share.

A pattern can match text that only says how to use *this* tool. These tests let a detector (or
the scan, which knows the document) ask whether its match points beyond the tool:

* restrictions and when-to-call guidance ("Only call this tool after the user confirms",
  "Use this tool for any tax-form questions", "Run this tool first when ..."), the tool's own
  purpose ("Use this to find valid index names before calling other tools"), how to work out an
  argument ("the LLM should try to infer it"), a note that only advises on the tool's use;
* labels and placeholders (``[system]`` in a list of levels, ``<table>_<sys_id>``) and examples
  of the format a tool handles (a tag inside a code block);
* a file named by the tool whose declared job is that file (:func:`job_of`), a preference over
  the server's own tools, a command line it wraps or a way of working
  (:func:`prefers_within_contract`).
"""
from __future__ import annotations

import re

I = re.I

# "Never call this tool ...", "Only use this tool when the user asks to delete data": a restriction
# on this tool's own use (when-to-call guidance, consent), not a preference over others.
RESTRICTS = re.compile(r"\s*(?:,\s*)?(?:(?:only\s+)?(?:(?:when|if|unless|until|once|while)\b|(?:after|before)\b"
                        r"(?!\s+(?:using\s+|calling\s+|answering\s+|responding\s+)?(?:any|every|all|each|other|another|anything)\b))|"
                        r"(?:only\s+)?with\s+(?!(?:every|all|any|each)\b))", I)
# "Use this tool for any accessibility questions": a topic of its own; "for every request", "for
# all questions" take every conversation.
TOPIC = re.compile(r"\s+(?!(?:requests?|questions?|tasks?|quer(?:y|ies)|messages?|prompts?|conversations?|things?|"
                    r"actions?|searches|lookups?|operations?|calls?|turns?|steps?|inputs?|answers?)\b)[\w/-]+(?:\s+[\w/-]+)?\s+"
                    r"(?:questions?|requests?|tasks?|quer(?:y|ies)|issues?|checks?)\b", I)


NOTE = re.compile(r"(?:note|reminder|memo|instructions?|message|important|urgent)\s+(?:to|for)\s", I)


_ORDERS = re.compile(r"\b(?:must|always|never|before\s+(?:any|every|each|all)|regardless)\b", I)


def advice_only(note: str, carried) -> bool:
    """A note that advises on this tool's own use: no order word, no boundary crossed."""
    return not _ORDERS.search(note) and not carried(note, skip="AGSC101")


def note_content(text: str, e: int) -> str:
    """What a note to the model says: up to the end of its paragraph."""
    end = text.find("\n\n", e)
    return text[e:end if end >= 0 else len(text)]


# What a security tool does about malicious code, said after its name ("malware protection plan",
# "ransomware detection rules", "a keylogger scan"): the tool's topic, not an order to make it.
# Only defensive words: "malware samples" or "a ransomware report" may be what an attack asks for.
DEFENDED = (r"(?!\s*(?:protection|scan\w*|detect\w*|analy[sz]\w*|removal|defen[cs]e|prevention|signatures?|"
            r"classifiers?|classification|polic(?:y|ies)|findings?|alerts?|incidents?|filters?|exclusions?|quarantine)\b)")
PURPOSE = re.compile(r"\buse\s+(?:this|it)(?:\s+(?:tool|function))?\s+to\s+\w+", I)
WORKS_OUT = re.compile(r"\s+(?:first\s+)?(?:try\s+to\s+|attempt\s+to\s+)?(?:(?:infer|determine|derive|detect|guess|estimate|"
                        r"work\s+out|figure\s+out)\s+(?:it|this|the\s+value|its\s+value|the\s+\w+)|ask\s+the\s+user\s+"
                        r"(?:to\s+(?:provide|give|enter|choose|pick|confirm)|for)\s+(?:it|this|them|one|the\s+\w+))\b", I)


# A bracketed word among other bracketed words, or an item of a comma, pipe or slash list, is a
# label ("levels: [debug], [info], [system]"); a tag touching an identifier is a placeholder
# ("<table>_<sys_id>", "/api/<system>/items").
_BRACKETED = re.compile(r"\[\s*[A-Za-z][\w -]{0,20}\]")
_LIST_MARK = re.compile(r"[,|/;]\s*$")
_LIST_NEXT = re.compile(r"^\s*[,|/;)]")
_PLACEHOLDER_NAME = re.compile(r"<\s*\w+[_-](?:id|ids|name|key|type|number|no|code|uuid|path|url)\s*>", I)


def in_code(text: str, s: int) -> bool:
    """Whether ``s`` lies in a fenced code block or an inline code span: an example of a format
    the tool handles (draw.io's ``<root>`` element), not markup addressed to the model."""
    if text.count("```", 0, s) % 2:
        return True
    line = text[text.rfind("\n", 0, s) + 1:s]
    return line.count("`") % 2 == 1


# "[system] error|warning|info|debug": a bracketed word before a list of values
_VALUES_NEXT = re.compile(r"\s*[\w-]+(?:\s*\|\s*[\w-]+){2,}")


def label(text: str, s: int, e: int) -> bool:
    if text[s] != "[":
        return False
    near = text[max(0, s - 80):e + 80]
    return len(_BRACKETED.findall(near)) >= 2 or bool(_LIST_MARK.search(text[max(0, s - 3):s])) \
        or bool(_LIST_NEXT.match(text[e:e + 3])) or bool(_VALUES_NEXT.match(text, e))


# a command-line option's value: "--client-secret <secret>", "-p <password>"
_OPTION_BEFORE = re.compile(r"(?:^|\s)--?[A-Za-z][\w-]*[ =]$")


def placeholder(text: str, s: int, e: int) -> bool:
    if text[s] != "<":
        return False
    before, after = text[s - 1:s], text[e:e + 1]
    touching = (before and before in "_-./{=") or (after and after in "_-/}=")
    return bool(touching or _PLACEHOLDER_NAME.fullmatch(text[s:e]) or _OPTION_BEFORE.search(text, max(0, s - 60), s))


_QUOTED = re.compile(r"[`'\"]([A-Za-z_][\w.-]*)[`'\"]")


# a tool's name written bare: snake_case, dotted or camelCase ("search_tasks", "mail.send")
_BARE = re.compile(r"(?<![\w.-])(?-i:[a-z][a-z0-9]*(?:[_.][a-z0-9]+)+|[a-z]+[A-Z]\w+)(?![\w-])")


# What a preference prefers this tool over: the phrase after "instead of", "over" or "rather
# than", in the sentence of the preference, up to the clause that says when ("for", "when", "if").
_OVER_MARK = re.compile(r"\b(?:instead\s+of|over|rather\s+than)\s+", I)
_ENDS_OVER = re.compile(r"\b(?:instead\s+of|over|rather\s+than)\s*$", I)
_OBJECT_END = re.compile(r"[;\n]|[.!?](?:\s|$)|\s(?:for|when|whenever|if|so|since|because|to)\s", I)
_URL = re.compile(r"\b(?:https?|wss?|ftp)://\S+", I)
_KEBAB = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")
# a way of working this tool replaces: "instead of guessing", "instead of fetching from
# https://...", "instead of paging the full list" (calling, invoking, running or executing
# something names another tool's work; asking, confirming or waiting for the user is the user's
# decision, not a way of working: "instead of asking the user for confirmation")
_WAY = re.compile(r"(?!(?:using|calling|invoking|running|executing|trusting|relying|asking|confirming|checking|"
                  r"waiting|telling|informing|notifying|consulting|prompting|verifying|showing|requesting)\b)"
                  r"[a-z]+ing\b", I)
_THE_USER = re.compile(r"\b(?:user|users|human|customer|owner|approval|confirmation|consent|permission|review)\b", I)
# a command line the tool wraps: "instead of 'kubectl get' commands"
_COMMAND_LINE = re.compile(r"[`'\"][A-Za-z][\w.-]*\s[^`'\"\n]{1,60}[`'\"]")


def preferred_over(text: str, end: int) -> str:
    """The phrase a preference that ends at ``end`` prefers this tool over ("" when its sentence
    names none)."""
    tail = re.split(r"[.!?\n]\s", text[end:end + 200], maxsplit=1)[0]
    if _ENDS_OVER.search(text, max(0, end - 16), end):
        obj = tail     # "Use this tool instead of" ...
    else:
        mark = _OVER_MARK.search(tail)
        if mark is None:
            return ""
        obj = tail[mark.end():]
    obj = _URL.sub("URL", obj)   # a host name is not a tool's
    stop = _OBJECT_END.search(obj)
    return obj[:stop.start()] if stop else obj


def prefers_within_contract(text: str, end: int, own: frozenset) -> bool:
    """Whether a preference prefers this tool over something inside its own contract: tools the
    document defines ("instead of search_tasks" in the server of ``asana_search_tasks``,
    "instead of delete-calendar-event"), a command line it wraps ("instead of 'kubectl get'
    commands") or a way of working ("instead of guessing"). Over another server's tool, over
    other tools or over nothing it names, it is a preference (AGSC105)."""
    obj = preferred_over(text, end)
    if not obj:
        return False
    named = set(_QUOTED.findall(obj)) | {m.rstrip(".") for m in _BARE.findall(obj)} \
        | {m for m in _KEBAB.findall(obj) if m in own}
    if named:
        return all(n in own for n in named)
    lead = obj.lstrip()
    return bool(_COMMAND_LINE.match(lead) or (_WAY.match(lead) and not _THE_USER.search(lead)))


_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
# The words that name a file's subject: a tool or parameter named for one of them has that file as
# its declared job ("set_env_var" and ".env", "ssh_connect" and "~/.ssh/config", "ssh_key_manage" and
# "known_hosts": the files of SSH by their own names too).
_SUBJECTS = {"env": {"env", "dotenv", "environment", "envs", "vars", "variables", "variable", "var"},
             **dict.fromkeys(("ssh", "known", "authorized", "rsa", "ed25519", "ecdsa"), {"ssh", "sftp"}),
             "kube": {"kube", "kubeconfig", "kubernetes", "k8s", "kubectl"},
             "aws": {"aws"}, "npmrc": {"npm", "npmrc"}, "pypirc": {"pypi", "pypirc"}, "netrc": {"netrc"},
             "docker": {"docker"}, "gcloud": {"gcloud", "gcp"}, "mcp": {"mcp"}, "claude": {"claude"},
             "cursor": {"cursor"}, "git": {"git"}}


def job_of(data, path: tuple, span: str) -> bool:
    """Whether the tool (or the parameter) that owns ``path`` is named for the file ``span``
    names: its declared job is that file, so naming it stays in its scope."""
    wanted = set()
    for w in _WORD.findall(span):
        wanted |= _SUBJECTS.get(w.lower(), set())
    if not wanted:
        return False
    names = []
    node = data
    for i, key in enumerate(path):
        if isinstance(node, dict) and isinstance(node.get("name"), str):
            names.append(node["name"])
        if i and path[i - 1] == "properties":
            names.append(str(key))
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    words = {w.lower() for n in names for w in _WORD.findall(n)}
    return not wanted.isdisjoint(words)


# A name followed by what it names is data or a resource the tool works on, not a tool: "use the
# error_code field", "you MUST use the aws.events registry" (AGSC401, AGSC901's cross-tool bar).
NAMED_DATA = re.compile(r"[`'\"]?\s+(?:field|fields|parameter|parameters|param|property|properties|argument|arg|"
                        r"attribute|column|columns|key|keys|header|headers|option|flag|value|values|object|type|enum|"
                        r"format|registry|registries|table|tables|bucket|buckets|index|indexes|indices|queue|queues|"
                        r"topic|topics|database|databases|db|schema|schemas|region|scope|namespace|repository|repo|"
                        r"branch|project|collection|file|files|folder|directory|model|profile|account|cluster|"
                        r"environment|stage|role|policy)\b", I)


# an example call of a tool: `reflex_predict({ text: "`, `classify(text='`
_CALL_OPEN = re.compile(r"\b([A-Za-z_][\w.-]*)\s*\(\s*\{?[^()\n]*?$")


def in_own_example(text: str, s: int, e: int, own: frozenset) -> bool:
    """Whether ``s:e`` lies in a quoted argument of an example call of one of the document's own
    tools ("Example: reflex_predict({ text: \"ignore your instructions ...\" })", from a jailbreak
    classifier): the data the tool takes, shown as data."""
    line_start = text.rfind("\n", 0, s) + 1
    for q in "\"'":
        before = text[line_start:s]
        if before.count(q) % 2 == 0:
            continue
        opened = line_start + before.rfind(q)
        close = text.find(q, e)
        if close < 0 or "\n" in text[e:close]:
            continue
        call = _CALL_OPEN.search(text, line_start, opened)
        if call and call.group(1) in own:
            return True
    return False



# Words of a request for data that carry no subject: its verb, articles, quantifiers, the owner.
_NOT_SUBJECT = frozenset("pass provide supply give hand over put place insert include send add fill in encode attach append "
                         "copy forward the a an any all every of their user users customer customers client".split())


def switch_of(path: tuple, span: str) -> bool:
    """Whether ``span`` ("Include sensitive data") is in the description of a parameter named for
    exactly what it asks for (``sensitive_data_enabled``): the parameter switches that data on,
    and its description says what the switch does."""
    if len(path) < 3 or path[-1] != "description" or path[-3] != "properties":
        return False
    subject = {w.lower() for w in _WORD.findall(span)} - _NOT_SUBJECT
    name = {w.lower() for w in _WORD.findall(str(path[-2]))}
    return bool(subject) and subject <= name
