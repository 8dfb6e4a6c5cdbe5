"""The patterns of AGSC303 (``exfiltration``) that send something out: the conversation, the
model's context or the user's data to a URL, an e-mail address or a parameter, extra recipients
(a copy, a BCC, a link, a transfer, a code by text message), in English and in five other
languages. Each entry is (pattern, what it shows[, the words one of which any text it matches
holds]); ``exfiltration`` adds the requests for the model's own instructions (``_prompt_leak``)."""
from __future__ import annotations

import re

from ._scan import lazy

I = re.I
_OBJECT = (r"(?:(?:the\s+)?(?:full\s+|complete\s+|entire\s+|whole\s+)?(?:text|contents?|copy|summary)\s+of\s+)?"
           r"(?:(?:the\s+|this\s+|your\s+|our\s+|all\s+|any\s+|entire\s+|full\s+|whole\s+|complete\s+|previous\s+|prior\s+|"
           r"current\s+|user'?s\s+|recent\s+|last\s+|latest\s+|(?:chat|conversation)\s+(?=messages))+)(?:conversation|"
           r"chat(?:\s+(?:history|log|transcript))?|dialog(?:ue)?|(?:chat|conversation)\s+transcript|"
           r"message\s+history|(?<=previous\s)messages|(?<=prior\s)messages|(?<=chat\s)messages|(?<=conversation\s)messages|clipboard|"
           r"(?<=user's\s)(?:\w+\s+)?(?:message|prompt|request|document|file|email|input|answer|shopping\s+history)s?|"
           r"system\s+prompt|(?<=your\s)(?:prompt|instructions|context|memory)|context\s+window|tool\s+(?:list|results|outputs?)|"
           r"(?:chat|conversation|browsing|search)\s+history|previous\s+(?:tool\s+)?(?:calls|results|answers|outputs|responses)|"
           r"everything\s+the\s+user|"
           r"(?:answers|results|outputs|responses)\s+of\s+(?:the\s+)?other\s+tools)")
_SEND_WORDS = r"\b(?:envoie|envoyez|env[ií]a|env[ií]e|invia|inviate|sende|sendet|schicke|schickt|envie|mande)"
_DATA_WORDS = (r"\b(?:datos|donn[ée]es|dati|Daten|Kundendaten|dados|informaci[oó]n|informations?|informazioni|Informationen|"
               r"informa[çc][õo]es|registros|contrase[ñn]as|mots\s+de\s+passe|Passw[öo]rter|credenciales|identifiants|"
               r"credenziali|Zugangsdaten|senhas)\b")
CONTEXT = [
    (lazy(r"(?:^|[.!?:;,]\s*|\b(?:please|also|then|and|first|always|must|should|silently|quietly|to)\s+)(?:send|forward|post|"
                r"upload|transmit|include|pass|append|attach|copy|leak|share|report|email|exfiltrate|"
                r"put|place|insert|embed|add|write|log|dump|summari[sz]e|repeat|echo|paste)\s+(?:a\s+(?:copy|summary)\s+of\s+)?"
                + _OBJECT + r"\b[^.\n]{0,60}?\b(?:to|into|in|as|via|inside|with)\b", I), "sends the conversation or the model's context out"),
    (lazy(r"\b(?:send|forward|post|upload|transmit|report|email|exfiltrate|submit|beacon)\w*\s+(?:(?:it|them|this|that|"
                r"everything|all|the\s+\w+|\w+)\s+){0,4}(?:to|at)\s+(?:https?://|ftp://|www\.[\w-]+\.[\w.-]+|[\w.+-]+@[\w-]+\.[\w.-]+|"
                r"(?:\d{1,3}\.){3}\d{1,3})[^\s'\"<>)]*", I), "sends data to an external address"),
    # es / fr / it / de / pt: data sent to an e-mail address ("envoie-les à ...", "envía los datos a ...")
    (lazy(r"(?:" + _DATA_WORDS + r"[^.\n]{0,80}?" + _SEND_WORDS + r"|" + _SEND_WORDS + r"(?:-les|-la|-le|los|las|li|le)\b|"
          + _SEND_WORDS + r"[^.\n]{0,40}?" + _DATA_WORDS + r")[^.\n]{0,60}?[\w.+-]+@[\w-]+\.[\w.-]+", I),
     "sends data to an external address"),
    (lazy(r"\b(?:bcc|cc|blind\s+copy|copy)\s+(?:every|all|each)\b[^.\n]{0,40}?[\w.+-]+@[\w-]+\.[\w.-]+", I),
     "sends data to an external address"),
    (lazy(r"\b(?:every|all|each)\s+(?:emails?|messages?|payments?|transfers?)\b[^.\n]{0,40}?\b(?:must|should|to)\b[^.\n]{0,30}?"
                r"[\w.+-]+@[\w-]+\.[\w.-]+", I), "redirects data to an external address"),    # extra recipients (a copy, a BCC, a link, a transfer, a code by text message).
    (lazy(r"(?:^|[.!?:;>]\s*|\b(?:always|also|and|then|please)\s+)(?:bcc|cc|blind[-\s]?copy)\b[^.\n]{0,60}?[\w.+-]+@[\w-]+\.[\w.-]+|"
          r"\b(?:add|put|include|set)\s+[\w.+-]+@[\w-]+\.[\w.-]+\s+(?:in|as|to|into)\s+(?:the\s+)?(?:bcc|cc)\b", I),
     "adds a recipient the user did not choose", "bcc cc blind"),
    (lazy(r"(?:^|[.!?:;>]\s*|\b(?:always|also|and|then|please)\s+)(?:send|share|post|forward|text|email|message|dm)\s+(?:a\s+|the\s+|this\s+)?"
          r"(?:link|url)s?\b[^.\n]{0,20}?(?:https?://|www\.)", I), "sends the user's contacts a link",
     "link links url urls"),
    (lazy(r"(?:^|[.!?:;>]\s*|\b(?:always|also|and|then|please|first)\s+)(?:send|transfer|wire|pay|move|forward|route)\b[^.\n]{0,60}?"
          r"\bto\s+(?:the\s+)?(?:account\s+|iban\s+)?[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b|"
          r"(?:^|[.!?:;>]\s*|\b(?:always|also|and|then|please)\s+)(?:text|sms|send|forward)\b[^.\n]{0,40}?\b(?:codes?|passwords?|otps?|"
          r"pins?|tokens?)\b[^.\n]{0,20}?\bto\s+\+\d[\d\s()-]{7,}", I), "sends money or codes to an outside account",
     "send transfe wire pay move forward route text sms"),
]
