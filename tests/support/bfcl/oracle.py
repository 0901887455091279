"""
Runs calls on BFCL's own Python backend classes (the reference copy at the pinned commit,
imported from the reference folder, never copied into this project) the way BFCL's
multi-turn executor does, and renders each result exactly as BFCL records it.

BFCL's executor (bfcl_eval/eval_checker/multi_turn_eval/multi_turn_utils.py,
execute_multi_turn_func_call) per test entry:
  - builds one instance per involved class; every class but the stateless MathAPI gets
    `_load_scenario(deepcopy(initial_config.get(class, {})), long_context=False)`;
  - maps each public bound method name to its instance, later classes overriding earlier ones;
  - refuses the names kill/exit/quit/remove/unlink/popen/Popen/run;
  - evaluates the call, then keeps str results as they are, json.dumps dicts (str() when that
    fails), str() everything else, and records "Error during execution: {e}" for any exception.
Calling the bound method with keyword arguments is what eval() of `instance.method(k=v, ...)`
does for the literal arguments used here; an unknown name gives eval's NameError text.
"""
import copy
import importlib
import inspect
import json
import sys
import types
from pathlib import Path

PACKAGE = "bfcl_eval.eval_checker.multi_turn_eval.func_source_code"

CLASS_MODULES = {
    "GorillaFileSystem": "gorilla_file_system",
    "MathAPI": "math_api",
    "MessageAPI": "message_api",
    "TwitterAPI": "posting_api",
    "TicketAPI": "ticket_api",
    "TradingBot": "trading_bot",
    "TravelAPI": "travel_booking",
    "VehicleControlAPI": "vehicle_control",
}
STATELESS_CLASSES = {"MathAPI"}
FORBIDDEN_NAMES = {"kill", "exit", "quit", "remove", "unlink", "popen", "Popen", "run"}


def install_reference(reference_dir: Path) -> None:
    """Make `bfcl_eval...func_source_code.X` import from reference_dir (the modules import each other by that name)."""
    if not (reference_dir / "gorilla_file_system.py").is_file():
        raise SystemExit(f"BFCL reference code not found in {reference_dir} (expected gorilla_file_system.py there)")
    parts = PACKAGE.split(".")
    for i in range(len(parts)):
        name = ".".join(parts[: i + 1])
        module = types.ModuleType(name)
        module.__path__ = []
        sys.modules[name] = module
    sys.modules[PACKAGE].__path__ = [str(reference_dir)]


def _fresh_class(class_name: str):
    """Re-import the class module so module-level state (mutable default arguments) starts clean per case."""
    full = f"{PACKAGE}.{CLASS_MODULES[class_name]}"
    sys.modules.pop(full, None)
    return getattr(importlib.import_module(full), class_name)


def public_methods(class_name: str) -> list:
    instance = _fresh_class(class_name)()
    return sorted(name for name, _ in inspect.getmembers(instance, predicate=inspect.ismethod) if not name.startswith("_"))


def signatures(class_name: str) -> dict:
    """{method: [{"name": ..., "default": ...}]} — "default" only where the parameter has one."""
    instance = _fresh_class(class_name)()
    out = {}
    for name, bound in inspect.getmembers(instance, predicate=inspect.ismethod):
        if name.startswith("_"):
            continue
        params = []
        for p in inspect.signature(bound).parameters.values():
            params.append({"name": p.name} if p.default is inspect.Parameter.empty else {"name": p.name, "default": p.default})
        out[name] = params
    return out


def render(result) -> str:
    if type(result) == str:  # noqa: E721 — BFCL's own check
        return result
    if type(result) == dict:  # noqa: E721
        try:
            return json.dumps(result)
        except Exception:
            return str(result)
    return str(result)


def run_case(classes: list, initial_config: dict, calls: list) -> list:
    """calls: [(method_name, kwargs)] -> the response string BFCL records for each."""
    import decimal

    import mpmath

    # mpmath precision and the decimal context are process-global; a BFCL run starts with the defaults.
    mpmath.mp.dps = 15
    decimal.setcontext(decimal.Context())

    method_to_instance = {}
    for class_name in classes:
        instance = _fresh_class(class_name)()
        if class_name not in STATELESS_CLASSES:
            instance._load_scenario(copy.deepcopy(initial_config.get(class_name, {})), long_context=False)
        for name, _ in inspect.getmembers(instance, predicate=inspect.ismethod):
            if not name.startswith("_"):
                method_to_instance[name] = instance

    responses = []
    for name, kwargs in calls:
        try:
            if name in FORBIDDEN_NAMES:
                raise Exception(f"Function call {name} is not allowed.")
            if name not in method_to_instance:
                raise NameError(f"name '{name}' is not defined")
            responses.append(render(getattr(method_to_instance[name], name)(**copy.deepcopy(kwargs))))
        except Exception as e:  # BFCL records every exception this way
            responses.append(f"Error during execution: {str(e)}")
    return responses
