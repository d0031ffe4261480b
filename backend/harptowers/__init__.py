"""Harp & Towers: Easy Harp and Seahaven Towers solitaire."""

__version__ = "0.1.0"
