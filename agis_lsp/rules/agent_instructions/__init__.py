"""Agent instruction files and skills: what the security pass does not cover for text an agent loads as its own instructions."""
