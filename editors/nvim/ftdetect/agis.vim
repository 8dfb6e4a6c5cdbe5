" AGIS documents: *.agis (YAML or JSON), and *.agis.yaml / *.agis.yml / *.agis.json,
" which would otherwise be yaml/json. AGTP TOML files keep filetype toml.
autocmd BufRead,BufNewFile *.agis setfiletype agis
autocmd BufRead,BufNewFile *.agis.yaml,*.agis.yml,*.agis.json set filetype=agis
