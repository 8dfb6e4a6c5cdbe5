" AGIS: the YAML syntax (which also reads the JSON form), plus the AGIS structure:
" method verbs, paths with {params}, semantic keys and their enum values.
" Full highlighting comes from the TextMate grammar (syntaxes/) in editors that use it.
if exists("b:current_syntax")
  finish
endif
runtime! syntax/yaml.vim
unlet! b:current_syntax

syn match agisMethod  /\v<(["']?method["']?\s*:\s*["']?)@<=[A-Za-z][A-Za-z0-9_-]*/ containedin=ALL
syn match agisKeyVerb /\v(^\s*["']?|[{,]\s*["'])@<=[A-Z][A-Z0-9_]*\ze\s+\// containedin=ALL
syn match agisParam   /{[^{}/ \t"']*}/ contained
syn match agisPath    /\v(["']?path["']?\s*:\s*["']?)@<=\/[^ \t"',}#]*/ contains=agisParam containedin=ALL
syn match agisKeyPath /\v([A-Z][A-Z0-9_]*\s+)@<=\/[^ \t"':]*\ze["']?\s*:/ contains=agisParam containedin=ALL
syn match agisSemanticKey /\v<(intent|actor|outcome|capability|confidence_guidance|impact_tier|is_idempotent|state_transition)>\ze["']?\s*:/ containedin=ALL
syn match agisEnum /\v(<(actor|capability|impact_tier)["']?\s*:\s*["']?)@<=(agent|user|system|discovery|transaction|modification|retrieval|analysis|notification|informational|reversible|irreversible)>/ containedin=ALL

hi def link agisMethod      Function
hi def link agisKeyVerb     Function
hi def link agisPath        String
hi def link agisKeyPath     String
hi def link agisParam       Identifier
hi def link agisSemanticKey Type
hi def link agisEnum        Constant

let b:current_syntax = "agis"
