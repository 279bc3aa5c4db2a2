import { Link } from "react-router";

/**
 * Login and Register side by side; `emphasis` is the one drawn as the main button. The top bar's
 * say 'Login' (SPEC §2); elsewhere the action is called 'Sign in' (issue 20: one word).
 */
export function SignInLinks({
  emphasis,
  signInLabel = "Login",
}: {
  emphasis: "login" | "register";
  signInLabel?: "Login" | "Sign in";
}) {
  const style = (link: "login" | "register") =>
    link === emphasis ? "button" : "button button-ghost";
  return (
    <>
      <Link to="/login" className={style("login")}>
        {signInLabel}
      </Link>
      <Link to="/register" className={style("register")}>
        Register
      </Link>
    </>
  );
}
