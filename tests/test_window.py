"""window.py without a window: what it hands to pywebview."""

from harptowers.desktop.window import _Callbacks


def test_evaluate_js_without_a_callback_leaves_nothing_behind():
    # pywebview 6.2.1 files window._callbacks[id] = callback for every evaluate_js (one per
    # bridge answer) and deletes only those that get called: None entries stayed for good.
    callbacks = _Callbacks()
    for i in range(1000):
        callbacks[f"answer-{i}"] = None
    assert len(callbacks) == 0

    def got(value):
        return value

    callbacks["async"] = got          # a real callback is kept until it is called
    assert callbacks["async"] is got
    del callbacks["async"]
    assert not callbacks
