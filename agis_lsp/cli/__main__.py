from .entry import main; import sys; sys.exit(main())
