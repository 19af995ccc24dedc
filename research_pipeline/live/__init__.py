"""Paid providers: model calls through instructor, web search through exa-py."""
