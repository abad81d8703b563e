"""equations/source_inline.py: a call statement written out as the callee's body computes what the
call computed (plain Python here; the fused modules' bit-for-bit tests cover the compiled ones),
and what it cannot inline safely it refuses."""
import textwrap

import pytest

from multibody.equations.source_inline import inline_calls

MODULE = textwrap.dedent('''
    def inner(x, y, out):
        # scaled sum into out
        n = len(x)
        for i in range(n):
            out[i] = x[i] * y + i
        s = 0.0
        for i in range(n):
            s += out[i]
        return s


    def middle(x, y, out, acc):
        total = inner(x, y + 1.0, out)
        acc[0] += total
        i = 7           # the caller's own i and n: not those of inner
        n = -1
        acc[1] = i + n


    def outer(x, out, acc):
        n = 3
        i = 100
        for k in range(n):
            middle(x, k * 0.5, out, acc)
        acc[2] = i + n
        inner(x, 2.0, out)
        return acc[0]
''')


def _run(source):
    ns = {}
    exec(compile(source, "<m>", "exec"), ns)
    x, out, acc = [1.0, 2.0, 3.0], [0.0] * 3, [0.0, 0.0, 0.0]
    res = ns["outer"](x, out, acc)
    return res, out, acc


def test_inlined_calls_compute_the_same():
    new = inline_calls(MODULE, ("inner", "middle"), ("middle", "outer"))
    assert "inner(x, y + 1.0, out)" not in new.split("def outer")[1]     # written out in outer too
    assert "    middle(" not in new.split("def outer")[1]
    assert _run(new) == _run(MODULE)
    # the functions stay defined and callable themselves
    ns = {}
    exec(new, ns)
    assert ns["inner"]([1.0], 2.0, [0.0]) == 2.0


def test_argument_expressions_are_evaluated_once_before_the_body():
    new = inline_calls(MODULE, ("inner",), ("middle",))
    body = new.split("def middle")[1].split("def outer")[0]
    assert "_i1_y = y + 1.0" in body and "total = _i1_s" in body


def test_refuses_what_it_cannot_inline():
    assigned = textwrap.dedent('''
        def f(a):
            a = a + 1
            return a


        def g(b):
            c = f(b)
    ''')
    with pytest.raises(ValueError, match="parameter"):
        inline_calls(assigned, ("f",), ("g",))
    early = textwrap.dedent('''
        def f(a):
            if a > 0:
                return 1
            return 2


        def g(b):
            c = f(b)
    ''')
    with pytest.raises(ValueError, match="return"):
        inline_calls(early, ("f",), ("g",))
    wrong = textwrap.dedent('''
        def f(a, b):
            pass


        def g(b):
            f(b)
    ''')
    with pytest.raises(ValueError, match="arguments"):
        inline_calls(wrong, ("f",), ("g",))

    strings = textwrap.dedent('''
        def f(a):
            print("a # b")


        def g(b):
            f(b)
    ''')
    with pytest.raises(ValueError, match="string"):
        inline_calls(strings, ("f",), ("g",))
    multiline = textwrap.dedent('''
        def f(a):
            return (a +
                    1)


        def g(b):
            c = f(b)
    ''')
    with pytest.raises(ValueError, match="several lines"):
        inline_calls(multiline, ("f",), ("g",))
    shadowing = textwrap.dedent('''
        SCALE = 2.0


        def f(a):
            return a * SCALE


        def g(b):
            SCALE = 3.0
            c = f(b)
    ''')
    with pytest.raises(ValueError, match="shadow"):
        inline_calls(shadowing, ("f",), ("g",))
