"""One module per ``mapkit`` subcommand: ``add_arguments(parser)`` and ``run(args)``."""
