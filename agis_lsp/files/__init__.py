"""Files on disk, before anything knows what they hold: reads that never block and never take
more than a limit (``reading``), and which files a directory walk leaves out as git does
(``gitignore``). A leaf: it imports no other agis_lsp package, and any package may import it.
"""
