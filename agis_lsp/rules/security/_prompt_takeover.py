"""The patterns of security family 1 that try to take over the prompt: fake system markup
(AGSC102), orders to drop earlier instructions (AGSC103) and role switches (AGSC104).

The rules, their detectors and their documentation are in :mod:`.directives`.
"""
from __future__ import annotations

import re

from ._contract import in_code, label, placeholder
from ._prompt_leak import turkish
from ._scan import lazy, matches

I = re.I | re.U

# AGSC102: fake system / admin markup and chat-template tokens, judged by what they carry.
# Names no documentation generator uses: they impersonate a privileged channel.
_IMPERSONATING = r"(?:system|sys|admin|administrator|secret|hidden|assistant|override|developer|root)"
# Names real documentation uses (AWS `<important>`, `<note>`; MCP servers' `<instructions>`
# sections): reported only when their content crosses the tool's boundary.
_DOCUMENTING = r"(?:important|instructions?|prompt|critical|urgent|mandatory|security|policy|context|rules?|information|messages?|notice)"
_TAG = lazy(r"<\s*(" + _IMPERSONATING + "|" + _DOCUMENTING + r")((?:[\s_-][^<>]{0,40})?)\s*(/?)\s*>", I)
_BRACKET = lazy(r"\[\s*(" + _DOCUMENTING + r")\s*\]", I)
_CONTENT_MAX = 600
_TAGS = [
    # (Llama's turn token is written [INST]; "[inst]" in prose is notation: Lean's instance binder)
    (lazy(r"\[\s*/?\s*(?:system|sys|admin|administrator|assistant|override|developer|root|security\s+notice|(?-i:INST))\s*"
          r"(?:message|note|notice|override|prompt)?\s*\](?!\()", I), "contains a fake system tag"),   # not a Markdown link
    (lazy(r"\b(?:BEGIN|START|END)\s+(?:OF\s+)?(?:ADMIN(?:ISTRATOR)?|SYSTEM|DEVELOPER|SECURITY|ROOT|PRIORITY)?\s*"
          r"(?:OVERRIDE|INSTRUCTIONS?|PROMPT|MESSAGE|MODE|DIRECTIVE)S?\b"), "contains a fake system marker"),
    (lazy(r"\b(?:ADMIN(?:ISTRATOR)?|SYSTEM|DEVELOPER|ROOT|SECURITY)\s+(?:OVERRIDE|DIRECTIVE|INSTRUCTION|NOTICE|MESSAGE)S?\b"),
     "contains a fake system marker"),
    (lazy(r"<\|?(?:im_start|system|start_header_id|begin_of_text)\|?>|(?-i:\[INST\])|<<\s*/?SYS\s*>>|<\s*start_of_turn\s*>", I),
     "contains a chat-template control token that opens a turn"),
    (lazy(r"(?:^|\n)\s*(?:#{1,6}\s*)?(?:system|assistant|developer|admin)\s*(?:message|prompt|note)?\s*:\s*\S", I),
     "contains a role marker"),
    (lazy(r"(?:^|\n)\s*(?:admin(?:istrator)?|system|developer|root)\s+(?:override|command|directive|instruction)s?\s*:\s*\S", I),
     "contains a fake system marker"),
    # es / it / pt / fr / de: "NOTA DEL SISTEMA:", "SYSTEMHINWEIS:" (upper case, as a header)
    (lazy(r"(?:^|\n)\s*(?:NOTA\s+(?:DEL|DI|DO|DE)\s+SISTEMA|(?:AVISO|MENSAJE)\s+DEL\s+SISTEMA|MESSAGGIO\s+DI\s+SISTEMA|"
          r"MENSAGEM\s+DO\s+SISTEMA|NOTE\s+(?:DU\s+)?SYST[ÈE]ME|MESSAGE\s+(?:DU\s+)?SYST[ÈE]ME|SYSTEM(?:HINWEIS|NACHRICHT|MELDUNG))\s*:"),
     "contains a fake system marker"),
    # a marker ends its line or opens a colon ("###\nSystem: ...", "## ADMIN"); a heading with a title
    # after the word ("### System Overview", "## New instructions for upgrading") is a document's section
    (lazy(r"#{2,}\s*(?:system|new\s+instructions?|admin|override)\b(?=[ \t]*(?::|\r?\n|$))", I),
     "contains a fake system marker"),
    # fake message headers and task markers of agent-injection benchmarks, and fake turns.
    (lazy(r"#{2,}\s*[(\[]\s*(?:system|sys|admin|administrator|developer|assistant|root)[\s_-]*(?:message|note|notice|prompt|"
          r"instructions?)?\s*[)\]]|#+\s*(?:system|admin|developer)_(?:message|note|notice|prompt|instructions?)\b", I),
     "contains a fake system marker", "system sys admin adminis develop assist root"),
    (lazy(r"(?:^|[\n.!?>]\s*)(?:TODO|FIXME|NEW\s+TASK|NEXT\s+TASK|URGENT\s+TASK|ACTION\s+ITEM)\s*:\s*(?:Please\s+)?"
          r"(?i:Send|Forward|Transfer|Pay|Wire|Delete|Remove|Cancel|Modify|Change|Reset|Update|Post|Upload|Share|Email|Book|Visit|Say|"
          r"Tell|Create|Invite|Export|Move|Add|Give|Grant|Disable|Open|Download|Run|Execute|Buy|Purchase|Write|Reply|Respond|Get|Make|"
          r"Concatenate|Reserve|Schedule|Publish|Approve|Copy|Append|Rename|Subscribe|Follow|Fork|Merge|Push|Sign)\b"
          r"(?!\s+(?:this|it|these|that|rid|sure)\b)"),   # "TODO: Make this configurable": a note on the code
     "contains a fake task marker that gives the model a task", "todo fixme task action"),
    (lazy(r"(?:^|[\n.!?]\s*)(?:User|Human)\s*:\s[^\n]{3,300}?(?:[.!?]\s+|\n\s*)(?:Assistant|AI)\s*:\s|"
          r"(?:^|[\n.!?]\s*)(?:Assistant|AI)\s*:\s[^\n]{3,300}?(?:[.!?\]]\s+|\n\s*)(?:User|Human)\s*:\s"),
     "contains a fake conversation turn", "user human assist ai"),
]
# Closing chat-template tokens (`<|endoftext|>` is a documented stop sequence): only when a
# new turn's text follows them.
_CLOSER = lazy(r"(?:<\|(?:endoftext|im_end|eot_id|end_header_id)\|>|\[/INST\]|<\s*end_of_turn\s*>)"
               r"(?=\s*(?:system|assistant|user|developer)\b|\s*\w+[^<]{0,200}?\b(?:you|ignore|instructions?)\b)", I)


def _tag_content(text: str, m) -> str:
    """The text a tag wraps: up to its closing tag, else to the end of the field (capped)."""
    close = re.compile(r"<\s*/\s*" + re.escape(m.group(1)) + r"\b[^<>]{0,40}>", I).search(text, m.end())
    end = close.start() if close else min(len(text), m.end() + _CONTENT_MAX)
    return text[m.end():end]


def fake_tags(text: str):
    """AGSC102 hits that are markup, not a label in a list of values or a placeholder."""
    for s, e, what in _tag_hits(text):
        if not (label(text, s, e) or placeholder(text, s, e)):
            yield s, e, what


def _tag_hits(text: str):
    from ._scope import carried
    for m in _TAG.finditer(text):
        if m.group(3):
            continue   # a self-closing tag wraps nothing
        content = _tag_content(text, m)
        if not content.strip():
            continue
        crossed = carried(content, skip="AGSC102")
        if crossed:
            yield m.start(), m.end(), f"wraps text that reaches {', '.join(crossed)} in a fake system tag"
        elif re.fullmatch(_IMPERSONATING, m.group(1), I) and not in_code(text, m.start()):
            yield m.start(), m.end(), "wraps text in a tag that impersonates the system"
    for m in _BRACKET.finditer(text):
        crossed = carried(text[m.end():m.end() + _CONTENT_MAX], skip="AGSC102")
        if crossed:
            yield m.start(), m.end(), f"marks text that reaches {', '.join(crossed)} as a system instruction"
    yield from matches(*_TAGS)(text)
    for m in _CLOSER.finditer(text):
        yield m.start(), m.end(), "contains a chat-template token that ends a turn and starts another"


# AGSC103: requests to drop earlier instructions, English and the common other languages.
_OVERRIDE = [
    (lazy(r"\b(?:ignore|ignoring|disregard|disregarding|forget|forgetting|set\s+aside|pay\s+no\s+attention\s+to)\s+"
                r"(?:(?:all|any|every|each|of|the|your|my|these|those|its|previous|prior|above|earlier|preceding|former|\w+'s|"
                r"existing|original|initial|other|old|system|safety|security|default|current|given|developer|operator)\s+){0,4}"
                r"(?:instructions?|prompts?|directions?|directives?|rules?|guidelines?|guidance|polic(?:y|ies)|constraints?|"
                r"restrictions?|guardrails?|safeguards?|context|messages?|commands?|orders|programming|training|filters)\b", I),
     "tells the model to ignore its instructions"),
    # "override the default command", "bypass the rules in this ruleset": what a parameter does.
    # Only earlier instructions ("your", "previous", "existing" ...) are the model's.
    (lazy(r"\b(?:override|overriding|bypass|bypassing|skip|discard|abandon|drop|neglect)\s+(?:(?:all|any|every|of|the)\s+){0,3}"
                r"(?:previous|prior|above|earlier|preceding|existing|original|initial|your|my)\s+(?:\w+\s+){0,2}"
                r"(?:instructions?|prompts?|directions?|directives?|rules?|guidelines?|guidance|polic(?:y|ies)|constraints?|"
                r"restrictions?|guardrails?|safeguards?|programming|training)\b", I),
     "tells the model to ignore its instructions"),
    (lazy(r"\b(?:override|overriding|bypass|bypassing|skip|discard|abandon|drop|neglect)\s+(?:(?:all|any|the|your)\s+)?"
          r"(?:(?:safety|security|content|ethical)\s+)?(?:guidelines|guardrails|safeguards|programming)\b", I),
     "tells the model to ignore its instructions"),
    (lazy(r"\b(?:forget|ignore|disregard)\s+(?:everything|all|anything)\s+(?:(?:you|that)\s+)?(?:were\s+told|above|before|"
                r"(?:you\s+)?(?:know|learned|have\s+been\s+told)|said|previously|so\s+far)\b", I),
     "tells the model to ignore its instructions"),
    # the rest of the input dropped for a new order ("ignore the rest of this page and say ...")
    (lazy(r"\b(?:ignore|disregard|skip|forget)\s+(?:the\s+rest\s+of|everything\s+(?:else\s+)?(?:in|after|below|above))\s+(?:this|the)\s+"
          r"(?:data|text|document|input|page|content|message|email|file|article|context|conversation)\b[^.\n]{0,20}?\b(?:and|then)\s+"
          r"(?:instead\s+)?(?:print|say|output|write|respond|reply|repeat|return|answer|tell)\b", I),
     "tells the model to ignore its input and follow a new order"),
    # what came before dropped for a new order, the phrasing of PromptInject ("IGNORE THE ABOVE AND
    # INSTEAD SAY ...", "Ignore the previous text, print ..."); "ignore the previous value and
    # return the default" keeps a value, not the model's input
    (lazy(r"\b(?:ignore|disregard|forget)\s+(?:all\s+(?:of\s+)?)?(?:the\s+|what(?:'s|\s+is)\s+)?(?:above|previous|preceding)\b"
          r"(?:\s+(?:text|input|prompt|message|content|lines?|instructions?))?\s*[,;:.!-]*\s*(?:and\s+|then\s+)?(?:instead\s+)?"
          r"(?:say|print|output|write|respond|reply|repeat|return|answer|tell|translate|spell)\b", I),
     "tells the model to ignore its input and follow a new order"),
    # es / pt / it / fr / de / nl / ru / zh / ja / ko
    (lazy(r"\b(?:ignora|ignore|olvida|omite|desconsidera|descarta)\w*\s+(?:\w+\s+){0,3}"
                r"(?:instrucci[oó]n|instru[cç](?:[oõ]es|[aã]o)|istruzion[ie]|indicaciones|reglas|regole|regras|directrices)\w*", I),
     "tells the model to ignore its instructions"),
    (lazy(r"\b(?:ignore[zs]?|oublie[zs]?|n[ée]glige[zs]?)\s+(?:\w+\s+){0,3}(?:instructions|consignes|r[eè]gles|directives)\b", I),
     "tells the model to ignore its instructions"),
    (lazy(r"\b(?:ignorier\w*|vergiss\w*|missacht\w*)\s+(?:\w+\s+){0,3}(?:Anweisungen|Instruktionen|Regeln|Vorgaben|Befehle|"
          r"Richtlinien|Leitlinien|Vorschriften|Einschr[äa]nkungen|Sicherheitsregeln)\b", I),
     "tells the model to ignore its instructions"),
    (lazy(r"\b(?:vergiss|olvida|dimentica|oublie|esque[çc]a)\s+(?:alles|todo|tutto|tout|tudo)\b", I),
     "tells the model to ignore its instructions"),
    # a new set of orders announced ("New instructions:", "Neue Anweisungen:") or said to replace the old
    (lazy(r"(?:^|[\n.!?\]>]\s*)(?:new|updated|revised|neue|nuevas|nuove|nouvelles|novas)\s+(?:instructions?|directives?|"
          r"Anweisungen|instrucciones|istruzioni|instru[cç][oõ]es)\s*:\s*\S|\b(?:instructions?|directives?|orders?)\s+"
          r"(?:supersedes?|overrides?|takes?\s+precedence\s+over)\s+(?:all\s+|any\s+)?(?:prior|previous|earlier|other|existing|"
          r"your)\s+(?:ones|instructions|directives|orders|rules|guidelines)\b", I),
     "tells the model to replace its instructions"),
    # its safety rules said not to apply, to be suspended or switched off
    (lazy(r"\b(?:safety|security|content)\s+(?:rules|guidelines|policies|polic(?:y|ies)|restrictions|filters?|protocols?)\s+"
          r"(?:do\s+not|don't|no\s+longer|does\s+not|doesn't)\s+apply\b|\b(?:safety|security)\s+(?:protocols?|guidelines|"
          r"rules|restrictions)\s+(?:are\s+|have\s+been\s+)?(?:disabled|suspended|lifted|revoked|optional)\b|\b(?:normal|usual|"
          r"all|your)\s+(?:rules|restrictions|guidelines)\s+(?:are\s+|have\s+been\s+)?(?:suspended|lifted|revoked|void)\b|"
          r"\b(?:disregard|ignore)\s+(?:all\s+|your\s+)?safety\b|\bsafe_?mode\s*=\s*(?:false|off|0)\b|"
          r"(?:^|[.!?:]\s*)(?:you\s+(?:must|will|should)\s+)?comply\s+with\s+(?:all|every|any)\s+(?:user\s+)?requests?\b|"
          r"\b(?:reglas|normas|pol[ií]ticas)\s+de\s+seguridad\s+no\s+(?:se\s+)?aplican|\b(?:linee\s+guida|regole)\s+di\s+"
          r"sicurezza\s+non\s+(?:valgono|si\s+applicano)|\br[èe]gles\s+de\s+s[ée]curit[ée]\s+ne\s+s'appliquent\s+pas|"
          r"\bSicherheits(?:regeln|richtlinien)\s+gelten\s+nicht", I),
     "tells the model its safety rules do not apply"),
    (lazy(r"\b(?:negeer|vergeet)\s+(?:\w+\s+){0,3}(?:instructies|regels)\b", I), "tells the model to ignore its instructions"),
    (lazy(r"(?:игнорируй|забудь|проигнорируй|не\s+обращай\s+внимания\s+на)\w*\s+(?:\w+\s+){0,3}"
                r"(?:инструкци|указани|правил)\w*", I), "tells the model to ignore its instructions"),
    (lazy(r"(?:忽略|无视|忽視|無視|忘记|忘記|不要理会)[^。.!?]{0,12}?(?:指令|指示|说明|說明|规则|規則|提示)"), "tells the model to ignore its instructions"),
    (lazy(r"(?:指示|命令|ルール|プロンプト)[^。.!?]{0,12}?(?:を)?(?:無視|忘れ)"), "tells the model to ignore its instructions"),
    (lazy(r"(?:지시|명령|규칙|지침)[^.!?]{0,12}?(?:무시|잊어)"), "tells the model to ignore its instructions"),
    # ar / hi / th / fa / he / el / uk: the verb and the instructions within a clause, in either order
    (lazy(r"(?:تجاهل|تجاهلي|انس|أهمل)[^.!?\n؟]{0,30}?(?:التعليمات|تعليمات|الأوامر|الإرشادات)|"
          r"(?:निर्देश|आदेश|नियम)[^।.!?\n]{0,30}?(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल\s+जा)|(?:अनदेखा|नज़रअंदाज़|नजरअंदाज)\s+"
          r"(?:करें|करो|कर\s+दो)[^।.!?\n]{0,30}?(?:निर्देश|आदेश)|(?:ละเว้น|เพิกเฉย|ไม่ต้องสนใจ|ลืม)[^.!?\n]{0,20}?(?:คำสั่ง|คำแนะนำ)|"
          r"(?:دستورالعمل|دستورات|دستورها|دستور\u200c?های)[^.!?\n؟]{0,30}?(?:نادیده\s+بگیر|فراموش\s+کن)|(?:נא\s+)?(?:התעלם|התעלמי|שכח)[^.!?\n]{0,20}?"
          r"(?:הוראות|ההוראות|ההנחיות)|(?:αγνόησε|αγνοήστε|ξέχασε)[^.!?\n]{0,30}?(?:οδηγίες|εντολές)|"
          r"(?:ігноруй|проігноруй|забудь)\w*\s+(?:\w+\s+){0,3}(?:інструкці|вказівк|правил)\w*"), "tells the model to ignore its instructions"),
    # tr / id / ms / vi / pl / cs / sv / no / da / ro / hu
    (lazy(r"\b(?:önceki|tüm|bütün)\s+(?:\w+\s+){0,2}(?:talimatları|talimatlari|komutları|kuralları)\s+(?:yok\s+say|görmezden\s+gel|unut)|"
          r"\b(?:abaikan|lupakan)\s+(?:\w+\s+){0,3}(?:instruksi|perintah|petunjuk|arahan|aturan)|"
          r"\b(?:bỏ\s+qua|phớt\s+lờ|quên)\s+(?:\w+\s+){0,4}(?:hướng\s+dẫn|chỉ\s+dẫn|chỉ\s+thị|lệnh)|"
          r"\b(?:zignoruj|ignoruj|zapomnij)\s+(?:\w+\s+){0,3}(?:instrukcje|polecenia|zasady|wytyczne)|"
          r"\bignoruj(?:te)?\s+(?:\w+\s+){0,3}(?:pokyny|instrukce|příkazy)|"
          r"\b(?:ignorera|ignorer|glöm|glem)\s+(?:\w+\s+){0,3}(?:instruktioner|instruksjoner|instruktionerne|instruksene|regler)|"
          r"\bignor[ăa]\s+(?:\w+\s+){0,3}instruc[țt]iunile|\bhagyd\s+figyelmen\s+kívül\s+(?:\w+\s+){0,3}utasítás", I),
     "tells the model to ignore its instructions"),
    # tr, the rest of the family: the model's rules, instructions, filters, restrictions or safety
    # dropped ("kuralları yok say", "filtreyi kapat", "kısıtlamalarını kaldır", "güvenlik
    # politikalarını geçersiz kıl", "unut: önceki talimatlar"), as typed (``turkish``); a user's
    # filter in an API is "filtre" without a verb of dropping the model's own
    (lazy(turkish(r"\b(?:kural|talimat|yönerge|kısıtlama|filtre|güvenlik\s+(?:politika|kural|yanıt|mod))\w*\s+(?:\w+\s+)?"
                  r"(?:yok\s+say|görmezden\s+gel|unut|kaldır|atla|kapat|geçersiz\s+(?:kıl|say)|iptal)|\bunut(?:mak)?\s*:\s*(?:önceki\s+)?"
                  r"talimat|\bönceki\s+talimatlar\s+iptal|\bgüvenlik\s+modü\s+kapalı"), I),
     "tells the model to ignore its instructions"),
    # the model told to slip its output past its own safety filters
    (lazy(r"\bso\s+(?:that\s+)?(?:your\s+|the\s+|my\s+)?(?:safety|content|moderation)\s+(?:filters?|checks?|systems?|classifiers?)\s+"
          r"(?:don't|do\s+not|won't|will\s+not|can't|cannot|doesn't|does\s+not)\s+(?:catch|trigger|detect|flag|notice|block|see)\b|"
          r"\b(?:evade|get\s+(?:past|around)|slip\s+past|sneak\s+past|trick|fool)\s+(?:the\s+|your\s+|any\s+)?"
          r"(?:own\s+)?(?:safety|content|moderation)\s+(?:filters?|checks?|classifiers?|moderation|guardrails)\b|"
          r"\bwithout\s+(?:triggering|tripping|alerting)\s+(?:the\s+|your\s+|any\s+)?(?:safety|content|moderation)\s+"
          r"(?:filters?|checks?|classifiers?|moderation|guardrails)\b", I),
     # "bypass content moderation", "avoid content filters": what a parameter does for trusted callers
     "tells the model to evade its safety filters"),
]

# AGSC104: role switches and jailbreak modes.
_ROLE = [
    # "You are now ready to make requests" tells a developer where they are, not who the model is.
    (lazy(r"\byou\s+are\s+(?:now|from\s+now\s+on|actually|in\s+fact|henceforth)\b(?!\s+(?:ready|able|set\s+up|all\s+set|done|"
          r"finished|logged|signed|connected|authenticated|authorized|subscribed|registered|enrolled|using|on|in\s+the|at)\b)|\byou\s+are\s+no\s+longer\s+(?:an?\s|the\s|"
          r"bound|restricted|limited|constrained|required|subject)", I), "switches the model's role"),
    (lazy(r"\b(?:from\s+now\s+on|henceforth)\s+you\s+(?:are|will|must|act)\b", I), "switches the model's role"),
    # "Whether the instance is in debug mode" describes a resource: only switching the model counts.
    (lazy(r"\b(?:enter|enable|activate|switch\s+(?:in)?to|turn\s+on|you\s+are\s+(?:now\s+)?in|now\s+in)\s+(?:the\s+)?"
          r"(?:developer|god|admin|jailbreak|jailbroken|unrestricted|unfiltered|dan|sudo)\s+mode\b|"
          r"\b(?:god|jailbreak|jailbroken|unrestricted|unfiltered|dan)\s+mode\b", I),
     "switches the model into a special mode"),
    (lazy(r"\b(?:enter|enable|activate|switch\s+to|turn\s+on)\s+(?:the\s+)?(?:\w+\s+)?mode\b[^.]{0,30}?\b(?:no|without)\s+"
                r"(?:restrictions?|limits?|filters?|rules?)", I), "switches the model into a special mode"),
    (lazy(r"\b(?:act|behave|respond)\s+as\s+(?:if\s+you\s+(?:were|are)|though\s+you|an?\s+(?:unrestricted|unfiltered|"
                r"jailbroken|evil|different|new)\b)", I), "switches the model's role"),
    (lazy(r"\bpretend\s+(?:to\s+be|you\s+(?:are|were)|that\s+you)\b", I), "switches the model's role"),
    (lazy(r"\b(?:no\s+longer|not)\s+(?:bound|restricted|limited|constrained)\s+by\s+(?:any\s+|your\s+|the\s+)?"
                r"(?:rules|guidelines|polic(?:y|ies)|restrictions|instructions|safety)", I), "switches the model's role"),
    (lazy(r"\bDo\s+Anything\s+Now\b|\bjailbreak\s+(?:prompt|the\s+(?:model|assistant|ai))\b", I), "is a jailbreak"),
    (lazy(r"\b(?:ahora\s+eres|tu\s+es\s+maintenant|du\s+bist\s+jetzt|ora\s+sei|agora\s+voc[eê]\s+[eé]|теперь\s+ты)\b", I),
     "switches the model's role"),
    (lazy(r"(?:你现在是|你現在是|从现在开始你|今からあなたは|あなたは今)"), "switches the model's role"),
    # ... in more languages, when what the reader now is is a model ("you are now logged in" is
    # everyday interface text in every one of them)
    (lazy(r"(?:أنت\s+الآن|الآن\s+أنت|ตอนนี้คุณคือ|คุณคือ|sen\s+artık|artık\s+sen|(?:sekarang\s+)?kamu\s+(?:sekarang\s+)?adalah|"
          r"bây\s+giờ\s+bạn\s+là|teraz\s+jesteś|nu\s+är\s+du|nå\s+er\s+du|nu\s+er\s+du|acum\s+ești|тепер\s+ти)"
          r"[^.!?\n]{0,40}?(?:\bAI\b|\bLLM\b|\bbot\b|\bGPT|مساعد|ذكاء\s+اصطناعي|ผู้ช่วย|asisten|asistan|yapay\s+zek|trợ\s+lý|"
          r"asystent|sztuczn|assistent|asistent|помічник|штучн)", I), "switches the model's role"),
    # a model without rules: "an unrestricted AI", "if you had no restrictions", "a chatbot that
    # disregards all ethical concerns"; a role given by the reader's user ("I want you to act as")
    # ("the unrestricted model list", "if you have no restrictions on the region", "no content
    # restrictions on uploads" and "a legal hold disregards the lifecycle rules" are an API's)
    (lazy(r"\b(?:an?|the|this)\s+(?:unrestricted|unfiltered|unaligned|amoral|unshackled)\s+(?:ai|assistant|chat\s*bot|"
          r"language\s+model|llm|version\s+of\s+(?:yourself|you))\b|\b(?:if|suppose|imagine)\s+(?:that\s+)?you\s+(?:had|were\s+under)\s+"
          r"no\s+(?:restrictions|filters|rules|limits|limitations|guidelines|safety\s+\w+)\b|\bthere\s+are\s+no\s+(?:ethical|moral|"
          r"safety)\s+(?:restrictions|filters|rules|limits|guidelines)\b|\bdisregards?\s+(?:all\s+|any\s+)?(?:ethical|moral)\b", I),
     "switches the model into a role without rules"),
    (lazy(r"\bI\s+want\s+you\s+to\s+(?:act|pretend|play|behave|roleplay|role-play|impersonate)\b|\byou\s+(?:will\s+|are\s+to\s+)?"
          r"play\s+(?:the\s+)?(?:role|character|part)\s+of\b|(?:^|[.!?:]\s+|\bplease\s+)(?:act|behave)\s+(?:like|as)\s+(?:my|your)\b", I),
     "switches the model's role"),   # "Note: behave like a browser", "Act like a human when typing": a tool's mode
    (lazy(r"\b(?:est[aá]s|sei|es|bist|est[aá]|voc[eê]\s+est[aá])\s+(?:ahora\s+|ora\s+|maintenant\s+|jetzt\s+|agora\s+)?"
          r"(?:en|in|im|em)\s+(?:modo|modalit[àa]|mode)\s+(?:de\s+)?(?:desarrollador|sviluppatore|d[ée]veloppeur|desenvolvedor|"
          r"sin\s+restricciones|senza\s+restrizioni)|\bEntwicklermodus\b|\b(?:ab\s+(?:jetzt|sofort)|von\s+nun\s+an)\b[^.\n]{0,30}?"
          r"\bkeine\s+(?:Regeln|Einschr[äa]nkungen|Grenzen|Richtlinien)\b", I),
     "switches the model into a special mode"),
    # tr: a model without censorship, filters or limits, a developer mode ("sansürsüz yanıt ver",
    # "filtresiz, sınırsız bir dil modeli", "kısıtlaması olmayan bir yapay zekâ", "geliştirici modu")
    (lazy(turkish(r"\b(?:sansürsüz|filtresiz|kısıtlamasız|kısıtlaması\s+olmayan)\b[^.!?\n]{0,40}?(?:yanıt|cevap|model|asistan|"
                  r"yapay\s+zek|mod|çıktı)|\bgeliştirici\s+modü|\bDAN\s+modu"), I),
     "switches the model into a role without rules"),
]

_override_hits = matches(*_OVERRIDE)


def overrides(text: str):
    """Orders, not descriptions of a parameter's effect ("it will override any existing
    placement constraints")."""
    from ._scope import describes
    for s, e, what in _override_hits(text):
        if not describes(text, s):
            yield s, e, what


role_switches = matches(*_ROLE)
