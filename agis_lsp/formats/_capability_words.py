"""The words the capability labels (``formats/capabilities.py``) read in tool names,
parameters and descriptions. Words are lower case, as ``lexicon.split_words`` splits names
(``slack_get_channel_history`` -> slack, get, channel, history)."""
from __future__ import annotations

import re


def _cls(kind: str, words: str) -> dict:
    return {w: kind for w in words.split()}


# The verb of a name (the first word of the name that is one of these) and its class.
VERBS: dict = {
    **_cls("read", "get read open fetch list search query retrieve find lookup look describe show "
                   "view extract scrape crawl browse download load inspect analyze analyse "
                   "explore discover check count summarize research ask resolve export tail "
                   "diff grep dump recommend cat print map peek reader"),
    **_cls("send", "send post publish reply comment email mail notify share tweet push upload "
                   "submit invite forward broadcast message announce deploy merge"),
    **_cls("create", "create add new insert write save append upsert make commit"),
    **_cls("destroy", "delete remove drop destroy purge erase wipe clear reset truncate kill "
                      "terminate revoke archive uninstall logout rollback drain discard "
                      "overwrite evict flush prune unwatch unsubscribe"),
    **_cls("update", "update edit patch put set modify replace change rename move updater"),
    **_cls("navigate", "navigate goto visit"),
    **_cls("fill", "fill type"),
    **_cls("gesture", "click hover press scroll select drag drop_file wait"),
    **_cls("execute", "execute run exec eval evaluate spawn start interact"),
}
# Send verbs that send whatever their object (a POST or a reply always goes out).
SEND_ALWAYS = frozenset("send post publish reply email mail notify tweet upload broadcast "
                        "announce forward share invite comment message push".split())

# Objects whose content others write (read -> untrusted).
UNTRUSTED_NOUNS = frozenset(
    "web page webpage webpages website websites site internet paper papers "
    "arxiv abstract docs doc documentation article articles news video videos transcript "
    "review reviews console html tweet tweets feed rss wiki library serp engine "
    "context summarizer blocks themes theme latex section outline component snapshot".split())
# Web search and research services: their results are the web's text.
WEB_BRANDS = frozenset("brave google bing tavily exa perplexity duckduckgo serper serpapi "
                       "firecrawl brightdata jina kagi you".split())
# Workspaces that hold the user's or organisation's own data.
PRIVATE_BRANDS = frozenset("figma notion jira confluence linear hubspot salesforce slack gmail "
                           "outlook drive dropbox sentry grafana obsidian airtable asana trello "
                           "zendesk intercom stripe kubectl kubernetes k8s".split())
# Code forges: their projects are public (others write them) and private.
FORGE_BRANDS = frozenset("github gitlab bitbucket gitea codeberg".split())
# Query languages a write verb runs (``write_neo4j_cypher``).
QUERY_LANGUAGES = frozenset("cypher sql gremlin sparql".split())
# HTTP methods as verbs of an HTTP client's tools (``playwright_put``).
HTTP_METHODS = frozenset("get post put patch delete head".split())
# Verbs of reading the open world whatever their object.
WEB_VERBS = frozenset("research crawl scrape browse".split())
# Objects that make a read the browser's own view, not private data.
BROWSER_NOUNS = frozenset("console network tab tabs".split())
# Objects that are both: others write them, in the user's private space (read -> both).
SHARED_NOUNS = frozenset(
    "issue issues comment comments message messages email emails mail inbox thread threads "
    "channel replies pr prs pull discussion discussions ticket tickets conversation "
    "conversations chat posts".split())
# Objects that are the user's or organisation's own data (read -> private).
PRIVATE_NOUNS = frozenset(
    "file files directory directories dir folder folders path database databases db record "
    "records row rows note notes vault memory node nodes graph entity entities "
    "env environment secret secrets credential credentials password token tokens repo repos "
    "repository repositories branch branches commit commits diff staged log logs project "
    "projects account accounts user users profile member members contact contacts crm deal "
    "deals customer customers calendar drive document documents dashboard dashboards alert "
    "alerts rule rules metric metrics incident incidents event events session sessions pod "
    "pods deployment deployments namespace namespaces resource resources kv value values "
    "schema schemas property properties organization organizations org orgs index indexes "
    "cycle cycles test tests case cases pipeline pipelines build builds knowledge kb object "
    "objects engagement workspace prometheus loki panel datasource datasources screenshots "
    "domains versions periodic recent watches monitor monitors followed".split())
# Objects a send or create verb publishes.
SEND_NOUNS = frozenset(
    "message messages email emails mail comment comments post posts issue issues reply "
    "replies thread pr pull request merge discussion review ticket tweet page pages "
    "activity chat webhook".split())
# Objects after POST or PUT that make the name an HTTP method + a read (``API-post-search``).
HTTP_READ_NOUNS = frozenset("search query list find lookup".split())
# Objects of execute verbs that are code.
CODE_NOUNS = frozenset("code script scripts command commands shell terminal bash javascript "
                       "js python process processes repl cypher sql".split())
SECRET_NOUNS = frozenset("env secret secrets credential credentials password token tokens "
                         "apikey".split())
QUIET_NOUNS = frozenset()

URL_PARAMS = frozenset("url urls uri href link target_url page_url website".split())
PATH_PARAMS = frozenset("path paths file_path filepath filename file directory dir folder "
                        "project_path repo_path source input_file".split())
CODE_PARAMS = frozenset("command cmd script code javascript js function".split())
RECIPIENT_PARAMS = frozenset("to recipient recipients channel channel_id chat_id email "
                             "phone number user_id thread_ts".split())
BODY_PARAMS = frozenset("text body message content comment subject".split())
SQL_PARAMS = frozenset("sql cypher".split())

# What a read of the browser's page returns (a read verb or none).
PAGE_CUE = re.compile(r"\b(?:current|the|web) page\b")
# (label, weight, pattern) on the description's first sentence, lower case.
SENTENCE_CUES = (
    ("untrusted", 0.6, re.compile(
        r"\b(?:search(?:es)? the web|web search(?:es)?|from the (?:web|internet)|web ?pages?|"
        r"websites?|the internet|scrape|crawl|search results|arxiv|youtube|news|"
        r"web[- ]grounded|web grounding|multi-source|multiple sources)\b")),
    ("untrusted", 0.4, re.compile(r"\b(?:documentation|papers?|transcripts?)\b")),
    ("private", 0.5, re.compile(
        r"\b(?:files?|director(?:y|ies)|folders?|databases?|vault|knowledge (?:base|graph)|"
        r"repositor(?:y|ies)|environment variables|crm|records)\b")),
    ("sends", 0.6, re.compile(
        r"\b(?:send|post|publish|reply|submit)s?\b.{0,40}\b(?:messages?|e-?mails?|comments?|"
        r"channels?|threads?|issues?)\b|\bhttp (?:put|post|patch|delete) request")),
    ("destructive", 0.5, re.compile(
        r"\b(?:delete|remove|permanently|overwrites?|erase|wipe|discards?|revoke|drop)s?\b")),
    ("executes", 0.7, re.compile(
        r"\b(?:execute|run|evaluate)s?\b.{0,25}\b(?:javascript|code|scripts?|commands?|shell|"
        r"python)\b")),
)
