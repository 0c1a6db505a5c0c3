"""The Artischocken lab: engine and bot benchmarks, the search model's fitter and demo positions."""
